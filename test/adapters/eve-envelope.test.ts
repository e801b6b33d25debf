import fc from "fast-check";
import { z } from "zod";
import { decodeAnswer, encodeAnswer, encodeDecline } from "../../src/adapters/eve/envelope";
import { MAX_ANSWER_TEXT_LENGTH } from "../../src/core/answer";

const pick = {
  kind: "pick",
  response: z.strictObject({ selected: z.array(z.string()) }),
  check: (request: { ids: string[] }, response: { selected: string[] }) =>
    response.selected
      .filter((id) => !request.ids.includes(id))
      .map((id) => ({ path: ["selected"], message: `Unknown id "${id}"` })),
};

describe("answer envelope", () => {
  it("given an encoded answer, should decode the same value with the kind's schema", () => {
    const text = encodeAnswer("pick", { selected: ["a", "b"] });
    expect(JSON.parse(text)).toEqual({ hitl: 1, kind: "pick", value: { selected: ["a", "b"] } });
    expect(decodeAnswer(text, pick, { ids: ["a", "b"] })).toEqual({
      type: "answered",
      kind: "pick",
      value: { selected: ["a", "b"] },
    });
  });

  it("given a decline with and without a reason, should decode it as declined", () => {
    expect(decodeAnswer(encodeDecline("pick", "  none fit  "), pick)).toEqual({
      type: "declined",
      kind: "pick",
      reason: "none fit",
    });
    expect(decodeAnswer(encodeDecline("pick"), pick)).toEqual({ type: "declined", kind: "pick" });
    expect(decodeAnswer(encodeDecline("pick", "   "))).toEqual({ type: "declined", kind: "pick" });
  });

  it("given a person's free reply, should return it as text", () => {
    expect(decodeAnswer("the second one please", pick)).toEqual({ type: "text", text: "the second one please" });
    expect(decodeAnswer('{"selected":["a"]}', pick)).toEqual({ type: "text", text: '{"selected":["a"]}' });
    expect(decodeAnswer("42")).toEqual({ type: "text", text: "42" });
  });

  it("given envelopes that are wrong, should say why instead of throwing", () => {
    const cases: [string, string][] = [
      [JSON.stringify({ hitl: 2, kind: "pick", value: {} }), "hitl"],
      [JSON.stringify({ hitl: 1, kind: "other", value: { selected: [] } }), "kind"],
      [JSON.stringify({ hitl: 1, kind: "pick", value: { selected: "a" } }), "value.selected"],
      [JSON.stringify({ hitl: 1, kind: "pick", value: { selected: ["zzz"] } }), "value.selected"],
      [JSON.stringify({ hitl: 1, kind: "pick", value: { selected: [] }, extra: 1 }), ""],
    ];
    for (const [text, path] of cases) {
      const decoded = decodeAnswer(text, pick, { ids: ["a"] });
      expect(decoded.type, text).toBe("invalid");
      if (decoded.type === "invalid") expect(decoded.issues.map((i) => i.path.join("."))).toContain(path);
    }
  });

  it("given an over-long text or a non-string, should refuse it unread", () => {
    expect(decodeAnswer("x".repeat(MAX_ANSWER_TEXT_LENGTH + 1)).type).toBe("invalid");
    expect(decodeAnswer(undefined).type).toBe("invalid");
    expect(decodeAnswer({ hitl: 1 }).type).toBe("invalid");
  });

  it("given any string or JSON value, should never throw", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ hitl: 1, ...Object(v) })),
        ),
        (text) => {
          const decoded = decodeAnswer(text, pick, { ids: ["a"] });
          expect(["answered", "declined", "text", "invalid"]).toContain(decoded.type);
        },
      ),
    );
  });

  it("given any JSON value, should round-trip through encode and decode", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const decoded = decodeAnswer(encodeAnswer("any", value));
        expect(decoded).toEqual({ type: "answered", kind: "any", value: JSON.parse(JSON.stringify(value)) });
      }),
    );
  });
});
