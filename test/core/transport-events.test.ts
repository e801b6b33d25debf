import { createTransportEvents } from "../../src/core/transport";

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
