import { createInboxTransport } from "../../src/adapters/inbox/transport";
import { createMastraTransport } from "../../src/adapters/mastra/transport";
import type { TransportSink } from "../../src/core/transport";

/**
 * The two transports that read their server on a timer (the inbox's list, Mastra's suspended
 * runs) read it only while something is connected: from the first sink until the last leaves,
 * whatever the order, and a sink that disconnects twice counts once.
 */

const sink: TransportSink = { deliver: () => {}, expect: () => {} };

afterEach(() => {
  vi.useRealTimers();
});

const cases = [
  {
    name: "the inbox transport",
    create(read: () => void) {
      return createInboxTransport({
        url: "http://inbox.test",
        pollIntervalMs: 100,
        fetch: async () => {
          read();
          return new Response(JSON.stringify({ entries: [] }), { headers: { "content-type": "application/json" } });
        },
      });
    },
  },
  {
    name: "the Mastra transport",
    create(read: () => void) {
      const never = () => Promise.reject(new Error("not in this test"));
      return createMastraTransport(
        {
          approveToolCall: never,
          declineToolCall: never,
          resumeStream: never,
          listSuspendedRuns: async () => {
            read();
            return { runs: [], total: 0 };
          },
        },
        { threadId: "t", pollIntervalMs: 100 },
      );
    },
  },
];

describe.each(cases)("$name", ({ create }) => {
  it("given two sinks that connect and leave, should read while either is connected and never after the last left", async () => {
    vi.useFakeTimers();
    let reads = 0;
    const transport = create(() => {
      reads += 1;
    });
    expect(reads).toBe(0); // created, not followed: nothing read

    const first = transport.connect(sink);
    const second = transport.connect(sink);
    await vi.advanceTimersByTimeAsync(350);
    const whileBoth = reads;
    expect(whileBoth).toBeGreaterThanOrEqual(3); // the first read, then one per interval

    first();
    first(); // a second disconnect of the same sink is not the other one's
    await vi.advanceTimersByTimeAsync(300);
    expect(reads).toBeGreaterThan(whileBoth); // the second still follows

    second();
    const atLast = reads;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(atLast);
    expect(vi.getTimerCount()).toBe(0);

    const again = transport.connect(sink); // followed again: reads at once
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(atLast + 1);
    again();
  });
});
