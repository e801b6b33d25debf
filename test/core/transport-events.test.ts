import { createPoll, createTransportEvents } from "../../src/core/transport";

/** `createTransportEvents`'s `follow`: what keeps a transport current runs while a sink is connected. */
describe("createTransportEvents' follow", () => {
  const sink = () => ({ deliver: vi.fn(), expect: vi.fn() });

  it("given sinks connecting and leaving, should follow from the first until the last leaves, once each", () => {
    const stop = vi.fn();
    const follow = vi.fn(() => stop);
    const events = createTransportEvents({ follow });
    expect(follow).not.toHaveBeenCalled();
    const first = events.connect(sink());
    const second = events.connect(sink());
    expect(follow).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(stop).not.toHaveBeenCalled();
    second();
    expect(stop).toHaveBeenCalledTimes(1);
    // StrictMode's unmount → mount: following starts again.
    events.connect(sink())();
    expect(follow).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(2);
  });

  it("given what was delivered before a sink connects, should replay it before following starts", () => {
    const events = createTransportEvents({
      follow: () => {
        events.deliver({ type: "transport", changes: [] });
        return () => {};
      },
    });
    events.deliver({ type: "transport", changes: [] });
    const connected = sink();
    events.connect(connected);
    expect(connected.deliver).toHaveBeenCalledTimes(2);
  });
});

describe("createPoll", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("given slow reads and a stop mid-read, should never read twice at a time nor schedule after the stop", async () => {
    vi.useFakeTimers();
    let reading = 0;
    let most = 0;
    let reads = 0;
    const read = () => {
      reads += 1;
      reading += 1;
      most = Math.max(most, reading);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          reading -= 1;
          resolve();
        }, 150),
      );
    };
    const poll = createPoll(read, 100);
    const stop = poll.follow();
    await vi.advanceTimersByTimeAsync(850); // reads at 0, 250, 500, 750 (150 to read, then 100)
    expect(reads).toBe(4);
    expect(most).toBe(1);
    stop(); // the fourth read is still on its way
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(4);

    const again = poll.follow(); // a new follow after the stop reads at once
    expect(reads).toBe(5);
    poll.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(5);
    poll.follow(); // closed for good
    expect(reads).toBe(5);
    again();
  });

  it("given an interval of 0, should read once per follow", async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => {});
    const stop = createPoll(read, 0).follow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(1);
    stop();
  });
});
