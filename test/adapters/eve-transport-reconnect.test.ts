// @vitest-environment node
import { createEveTransport, type EveAgentLike, type EveHitlTransport } from "../../src/adapters/eve/transport";

/**
 * The eve transport's reconnect without React: what it does with an agent whose snapshots stop
 * coming. A page that lost a race at the answer guard (409) goes to `error`; if eve's client then
 * refuses the first resume without a new snapshot, the transport must try again on its own —
 * before, `check` ran on snapshots only, and the page stayed in `error`.
 */
function failedAgent(resume: () => Promise<void>): EveAgentLike {
  return {
    events: [],
    status: "error",
    session: { sessionId: "wrun_1" },
    conversation: { inputs: {} },
    respond: async () => {},
    resume,
  };
}

/** A client following the transport (the kit connects it when its first provider mounts). */
const sink = { deliver: () => {}, expect: () => {} };
function followed(transport: EveHitlTransport): () => void {
  return transport.connect(sink);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createEveTransport's reconnect", () => {
  it("given a resume that fails with no new snapshot, should try again with a growing wait until the page closes", async () => {
    const resume = vi.fn(() => Promise.reject(new Error("stream lost")));
    const transport = createEveTransport(failedAgent(resume));
    followed(transport);
    transport.sync(failedAgent(resume));
    expect(resume).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resume).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(resume).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(resume).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(resume).toHaveBeenCalledTimes(3);
    transport.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(3);
  });

  it("given a resume that throws at once, should still try again", async () => {
    const resume = vi.fn((): Promise<void> => {
      throw new Error("Cannot resume now");
    });
    const transport = createEveTransport(failedAgent(resume));
    followed(transport);
    transport.sync(failedAgent(resume));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(resume).toHaveBeenCalledTimes(2);
    transport.close();
  });

  it("given the agent back to ready, should stop trying", async () => {
    const resume = vi.fn(() => Promise.resolve());
    const transport = createEveTransport(failedAgent(resume));
    followed(transport);
    transport.sync(failedAgent(resume));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resume).toHaveBeenCalledTimes(1);
    transport.sync({ ...failedAgent(resume), status: "ready" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it("given no client following it (a server render, a render React discarded), should never resume nor keep a timer", async () => {
    const resume = vi.fn(() => Promise.reject(new Error("stream lost")));
    const transport = createEveTransport(failedAgent(resume));
    transport.sync(failedAgent(resume));
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).not.toHaveBeenCalled();
  });

  it("given StrictMode's unmount and mount (a disconnect, then a connect), should keep trying after a failed resume", async () => {
    // The hook used to close the transport in an effect's cleanup: StrictMode's simulated
    // unmount stopped it for good, and a resume that failed without a snapshot was the last.
    const resume = vi.fn(() => Promise.reject(new Error("stream lost")));
    const transport = createEveTransport(failedAgent(resume));
    followed(transport)();
    const stop = followed(transport);
    transport.sync(failedAgent(resume));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(resume).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("given two clients, should keep trying until the last one disconnects", async () => {
    const resume = vi.fn(() => Promise.reject(new Error("stream lost")));
    const transport = createEveTransport(failedAgent(resume));
    const first = followed(transport);
    const second = followed(transport);
    transport.sync(failedAgent(resume));
    first();
    first();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(resume).toHaveBeenCalledTimes(1);
    second();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resume).toHaveBeenCalledTimes(1);
  });
});
