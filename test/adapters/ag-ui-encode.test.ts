import { legacyResume, toolMessage } from "../../src/adapters/ag-ui/encode";

/** AG-UI's encode alone: typed answers in, the wire out. */

describe("toolMessage", () => {
  it("should carry the kind's typed result as JSON: a value as given, a decline as its marker", () => {
    expect(toolMessage("m1", "c1", { type: "value", value: { selected: ["a"] } })).toEqual({
      id: "m1",
      role: "tool",
      toolCallId: "c1",
      content: JSON.stringify({ selected: ["a"] }),
    });
    expect(JSON.parse(toolMessage("m2", "c1", { type: "declined", reason: "no" }).content)).toEqual({
      declined: true,
      reason: "no",
    });
  });
});

describe("legacyResume", () => {
  it("should resume one interrupt with its payload, several with the list in order, a cancel as the declined marker", () => {
    expect(legacyResume([{ interruptId: "i1", status: "resolved", payload: { ok: 1 } }])).toEqual({ ok: 1 });
    expect(
      legacyResume([
        { interruptId: "i1", status: "resolved", payload: 1 },
        { interruptId: "i2", status: "cancelled" },
      ]),
    ).toEqual([1, { declined: true }]);
  });
});
