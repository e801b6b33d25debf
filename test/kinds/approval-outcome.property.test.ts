import fc from "fast-check";
import { type AnswerBody, approvalOutcome } from "../../src/core/answer";
import { approvalDecision, approvalKind } from "../../src/kinds/native";

/**
 * The two readings of an approval's answer: core's `approvalOutcome` (zod-free, what the ledger,
 * the inbox and LangGraph record) and the kinds' `approvalDecision` (parses the value, what the
 * adapters encode). On every answer the client lets through they must agree, or a page would show
 * "approved" for a tool the agent was told was denied.
 */
const value = fc.oneof(
  fc.record(
    { decision: fc.constant("approve"), always: fc.option(fc.boolean(), { nil: undefined }) },
    { requiredKeys: ["decision"] },
  ),
  fc.record(
    { decision: fc.constant("deny"), note: fc.option(fc.string(), { nil: undefined }) },
    { requiredKeys: ["decision"] },
  ),
  fc.record({ decision: fc.constant("edit"), input: fc.dictionary(fc.string(), fc.jsonValue()) }),
  fc.record({ decision: fc.string() }),
  fc.jsonValue(),
);
const answer: fc.Arbitrary<AnswerBody> = fc.oneof(
  value.map((v) => ({ type: "value" as const, value: v })),
  fc
    .option(fc.string(), { nil: undefined })
    .map((reason) => ({ type: "declined" as const, ...(reason ? { reason } : {}) })),
  fc.string().map((text) => ({ type: "reply" as const, text })),
  fc.string().map((optionId) => ({ type: "option" as const, optionId })),
  fc.constant({ type: "dismissed" as const }),
);

/** What the client sends for an approval: a value only when the approval's response schema takes it. */
const letThrough = (body: AnswerBody) => body.type !== "value" || approvalKind.response.safeParse(body.value).success;

describe("an approval's outcome", () => {
  it("given any answer the client lets through, approvalOutcome and approvalDecision should agree", () => {
    fc.assert(
      fc.property(answer.filter(letThrough), (body) => {
        const decided = approvalDecision(body).decision === "deny" ? "denied" : "approved";
        expect(approvalOutcome(body)).toBe(decided);
      }),
      { numRuns: 2_000 },
    );
  });

  it("given a deny, a decline, a reply, an option or a dismissal, should be denied; approve and edit approved", () => {
    expect(approvalOutcome({ type: "value", value: { decision: "approve" } })).toBe("approved");
    expect(approvalOutcome({ type: "value", value: { decision: "edit", input: {} } })).toBe("approved");
    expect(approvalOutcome({ type: "value", value: { decision: "deny" } })).toBe("denied");
    expect(approvalOutcome({ type: "value", value: null })).toBe("denied");
    expect(approvalOutcome({ type: "declined", reason: "approve" })).toBe("denied");
    expect(approvalOutcome({ type: "reply", text: "approve" })).toBe("denied");
    expect(approvalOutcome({ type: "option", optionId: "approve" })).toBe("denied");
    expect(approvalOutcome({ type: "dismissed" })).toBe("denied");
  });
});
