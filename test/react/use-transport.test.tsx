import { renderHook } from "@testing-library/react";
import { useTransport } from "../../src/react/use-transport";

/**
 * The hook every adapter's hook is: one transport per key, made in the render that first sees
 * it, fed after every render, its callbacks always the latest.
 */

interface Made {
  readonly key: string;
  readonly synced: number[];
  readonly ping: () => string;
}

function setup() {
  const made: Made[] = [];
  const hook = renderHook(
    ({ chat, label, revision }: { chat: string; label: string; revision: number }) =>
      useTransport(
        chat,
        { label },
        (latest) => {
          const transport: Made = { key: chat, synced: [], ping: () => latest.current.label };
          made.push(transport);
          return transport;
        },
        (transport) => transport.synced.push(revision),
      ),
    { initialProps: { chat: "a", label: "first", revision: 1 } },
  );
  return { made, ...hook };
}

describe("useTransport", () => {
  it("given the same key, should keep one transport, feed it after every render and read the latest options", () => {
    const { made, result, rerender } = setup();
    const first = result.current;
    expect(first.key).toBe("a");
    rerender({ chat: "a", label: "second", revision: 2 });
    rerender({ chat: "a", label: "third", revision: 3 });
    expect(result.current).toBe(first);
    expect(made).toHaveLength(1);
    expect(first.synced).toEqual([1, 2, 3]);
    // A new callback each render never made a new transport, yet the transport calls the latest.
    expect(first.ping()).toBe("third");
  });

  it("given a new key, should make a new transport in that render and feed only it from then on", () => {
    const { made, result, rerender } = setup();
    const first = result.current;
    rerender({ chat: "b", label: "first", revision: 2 });
    expect(result.current).not.toBe(first);
    expect(result.current.key).toBe("b");
    expect(made.map((transport) => transport.key)).toEqual(["a", "b"]);
    rerender({ chat: "b", label: "first", revision: 3 });
    expect(first.synced).toEqual([1]);
    expect(result.current.synced).toEqual([2, 3]);
  });
});
