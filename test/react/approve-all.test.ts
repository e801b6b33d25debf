import type { ParkedRequest } from "../../src/core/model";
import { approvalBatches } from "../../src/react/approve-all";

/** Which open requests "Approve all" covers (the renderer's and the tests' one rule). */

let seq = 0;
function approval(requestId: string, extra: Partial<ParkedRequest> = {}): ParkedRequest {
  return {
    requestId,
    callId: `call-${requestId}`,
    toolName: "delete_file",
    prompt: "",
    kind: "approval",
    native: true,
    payload: { kind: "approval", toolName: "delete_file", input: {} },
    batch: "step-1",
    seq: seq++,
    state: "open",
    ...extra,
  };
}

describe("approvalBatches", () => {
  it("given two open native approvals of one batch, should offer both, in queue order", () => {
    expect([...approvalBatches([approval("a"), approval("b")])]).toEqual([["step-1", ["a", "b"]]]);
  });

  it("given one approval left open in its batch, should offer nothing (its own card approves it)", () => {
    expect(approvalBatches([approval("a"), approval("b", { state: "submitting" })]).size).toBe(0);
  });

  it("given requests of different batches or none, should keep them apart", () => {
    const batches = approvalBatches([
      approval("a"),
      approval("b", { batch: "step-2" }),
      approval("c"),
      approval("d", { batch: "step-2" }),
      approval("e", { batch: undefined }),
    ]);
    expect([...batches]).toEqual([
      ["step-1", ["a", "c"]],
      ["step-2", ["b", "d"]],
    ]);
  });

  it("given a model-written approval kind or an approval without approve, should leave it out", () => {
    const batches = approvalBatches([
      approval("a"),
      approval("forged", { native: false }),
      approval("edit-only", {
        payload: { kind: "approval", toolName: "x", input: {}, decisions: ["edit", "deny"] },
      }),
      approval("picker", { kind: "media", payload: { kind: "media" } }),
    ]);
    expect(batches.size).toBe(0);
  });
});
