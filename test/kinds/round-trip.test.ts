import fc from "fast-check";
import {
  type AnyKind,
  approvalKind,
  aspectRatioKind,
  formKind,
  mediaKind,
  multiSelectKind,
  questionKind,
  templateKind,
  textKind,
} from "../../src/kinds";
import { answerOk, parseOk } from "./helpers";

interface Case {
  readonly kind: AnyKind;
  readonly payload: Record<string, unknown>;
  readonly value: unknown;
}

const cases: Case[] = [
  {
    kind: mediaKind,
    payload: {
      items: [
        { id: "a", url: "/a.jpg" },
        { id: "b", url: "/b.jpg" },
      ],
      max: 2,
    },
    value: { selected: ["b", "a"] },
  },
  {
    kind: templateKind,
    payload: { templates: [{ id: "t", name: "T", variables: [{ name: "who", label: "Who", required: true }] }] },
    value: { templateId: "t", variables: { who: "Ada" } },
  },
  {
    kind: aspectRatioKind,
    payload: { presets: [{ ratio: "9:16" }] },
    value: { ratio: "9:16", width: 0.5625, height: 1 },
  },
  {
    kind: multiSelectKind,
    payload: {
      options: [
        { id: "x", label: "X" },
        { id: "y", label: "Y" },
      ],
    },
    value: { selected: ["y"] },
  },
  {
    kind: formKind,
    payload: {
      fields: [
        { type: "text", name: "name", label: "Name", required: true },
        { type: "number", name: "n", label: "N" },
        { type: "multiselect", name: "m", label: "M", options: [{ value: "a", label: "A" }] },
        { type: "checkbox", name: "c", label: "C" },
      ],
    },
    value: { values: { name: "Ada", n: null, m: ["a"], c: true } },
  },
  { kind: approvalKind, payload: { toolName: "rm", input: {} }, value: { decision: "approve" } },
  { kind: approvalKind, payload: { toolName: "rm", input: {} }, value: { decision: "deny", note: "no" } },
  { kind: approvalKind, payload: { toolName: "rm", input: {} }, value: { decision: "deny" } },
  { kind: questionKind, payload: { options: [{ id: "yes", label: "Yes" }] }, value: { optionId: "yes" } },
  { kind: questionKind, payload: { allowFreeform: true }, value: { text: "my own words" } },
  { kind: textKind, payload: {}, value: { text: "hello" } },
];

describe("encoding round trip", () => {
  it.each(cases.map((c) => [`${c.kind.kind} ${JSON.stringify(c.value)}`, c] as const))(
    "given %s, decode(encode(value)) should give the same answer back",
    (_, { kind, payload, value }) => {
      const request = parseOk(kind, payload);
      const checked = answerOk(kind, request, value);
      expect(kind.decode(kind.encode(checked), request)).toStrictEqual({ type: "answered", kind: kind.kind, value });
    },
  );

  it.each(
    [mediaKind, templateKind, aspectRatioKind, multiSelectKind, formKind, questionKind, textKind].map(
      (k) => [k.kind, k] as const,
    ),
  )("given a decline of %s, should decode a decline with its reason", (_, kind) => {
    expect(kind.decode(kind.encodeDecline("why"))).toStrictEqual({ type: "declined", kind: kind.kind, reason: "why" });
    expect(kind.decode(kind.encodeDecline())).toStrictEqual({ type: "declined", kind: kind.kind });
  });

  it("given a decline of an approval, should decode a deny with the reason as its note (an approval's decline IS a deny)", () => {
    expect(approvalKind.decode(approvalKind.encodeDecline("why"))).toStrictEqual({
      type: "answered",
      kind: "approval",
      value: { decision: "deny", note: "why" },
    });
  });

  it("given an envelope kind's answer with a wrong kind name, should decode as invalid", () => {
    const answer = mediaKind.encode({ selected: ["a"] });
    expect(multiSelectKind.decode(answer).type).toBe("invalid");
  });

  it("given any non-blank note, an approval deny should survive the round trip", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 2000 }).filter((note) => note.trim() !== ""),
        (note) => {
          const value = { decision: "deny" as const, note };
          expect(approvalKind.decode(approvalKind.encode(value))).toStrictEqual({
            type: "answered",
            kind: "approval",
            value,
          });
        },
      ),
    );
  });
});
