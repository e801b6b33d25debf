import fc from "fast-check";
import { approvalDecisions } from "../../src/kinds/native";
import { widgetStatuses } from "../../src/react/widget-props";
import {
  type ApprovalEvent,
  type ApprovalRequest,
  type ApprovalResponse,
  editedInput,
  initialState,
  noteOf,
  outcomeOf,
  transition,
} from "../../src/widgets/approval/machine";

/**
 * The approval's machine: the edit step opens only where the request offers an edit, a new
 * request keeps it open only while it still does, and nothing else moves the step; the receipt's
 * outcome says what this device's answer was (or that a policy decided), never another device's.
 */

const plain: ApprovalRequest = { kind: "approval", toolName: "delete_file", input: { path: "a.md" } };
const editable: ApprovalRequest = {
  ...plain,
  decisions: ["approve", "edit", "deny"],
  edit: { fields: [{ name: "path", label: "Path", type: "text", required: true }] },
};

describe("approval machine", () => {
  it("given Edit on a request that offers it, should open the edit step, and Back should close it", () => {
    const editing = transition(initialState(editable), { type: "edit" });
    expect(editing.step).toBe("edit");
    expect(transition(editing, { type: "back" }).step).toBe("decide");
  });

  it("given Edit on a request without an edit step, should stay deciding (the same state)", () => {
    const state = initialState(plain);
    expect(state.offered).toEqual(["approve", "deny"]);
    expect(transition(state, { type: "edit" })).toBe(state);
  });

  it("given a new request while editing, should keep the step only while the new one offers an edit", () => {
    const editing = transition(initialState(editable), { type: "edit" });
    const same = transition(editing, { type: "request-changed", request: editing.request });
    expect(same).toBe(editing);
    expect(transition(editing, { type: "request-changed", request: { ...editable } }).step).toBe("edit");
    const narrowed = transition(editing, { type: "request-changed", request: plain });
    expect(narrowed.step).toBe("decide");
    expect(narrowed.offered).toEqual(["approve", "deny"]);
  });

  it("given any sequence of events, should be editing only when the current request offers an edit", () => {
    const requestArb = fc.constantFrom(plain, editable, { ...editable, decisions: ["approve", "deny"] as const });
    const eventArb: fc.Arbitrary<ApprovalEvent> = fc.oneof(
      fc.constant({ type: "edit" } as const),
      fc.constant({ type: "back" } as const),
      requestArb.map((request) => ({ type: "request-changed", request }) as const),
    );
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 30 }), (request, events) => {
        let state = initialState(request);
        for (const event of events) {
          const next = transition(state, event);
          expect(next.offered).toEqual(approvalDecisions(next.request));
          if (next.step === "edit") expect(next.offered).toContain("edit");
          if (event.type === "back") expect(next.step).toBe("decide");
          if (event.type === "edit" && state.offered.includes("edit")) expect(next.step).toBe("edit");
          state = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it("should word the receipt from this device's answer, a policy's decision first, another device's never", () => {
    const always: ApprovalRequest = { ...plain, always: { label: "Allow for this session" } };
    const edit: ApprovalResponse = { decision: "edit", input: { path: "b.md" } };
    expect(outcomeOf({ ...plain, automatic: true }, undefined, "approved")).toBe("approved-automatically");
    expect(outcomeOf({ ...plain, automatic: true }, undefined, "denied")).toBe("denied-automatically");
    expect(outcomeOf(editable, edit, "approved")).toBe("edited");
    expect(outcomeOf(editable, edit, "answered-elsewhere")).toBeUndefined();
    expect(outcomeOf(always, { decision: "approve", always: true }, "approved")).toBe("always");
    // An "always" the request never offered is not claimed.
    expect(outcomeOf(plain, { decision: "approve", always: true }, "approved")).toBeUndefined();
    for (const status of widgetStatuses) expect(outcomeOf(plain, { decision: "approve" }, status)).toBeUndefined();
  });

  it("should read a denial's note, and an edit's input by field label", () => {
    expect(noteOf({ decision: "deny", note: "not that one" })).toBe("not that one");
    expect(noteOf({ decision: "approve" })).toBeUndefined();
    expect(editedInput(editable, { decision: "edit", input: { path: "b.md", extra: 1 } })).toEqual({
      Path: "b.md",
      extra: 1,
    });
    expect(editedInput(editable, { decision: "approve" })).toBeUndefined();
  });
});
