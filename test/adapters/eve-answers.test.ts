import fc from "fast-check";
import { fromEveResponse } from "../../src/adapters/eve/convert";
import { toEveInputResponse } from "../../src/adapters/eve/encode";
import { encodeAnswer, encodeDecline } from "../../src/adapters/eve/envelope";
import type { AnswerBody } from "../../src/core/answer";
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
import { readEveAnswer } from "../../src/server/picker";
import { answerOk, parseOk } from "../kinds/helpers";

/** eve parks approvals and its own questions itself; kit pickers come from a model-written `ui`. */
const NATIVE = new Set(["approval", "question", "text"]);
const shapeOf = (kind: AnyKind) => ({ kind: kind.kind, native: NATIVE.has(kind.kind) });
const requestOf = (kind: AnyKind) => ({
  requestId: "r1",
  callId: "c1",
  toolName: "t",
  prompt: "?",
  kind: kind.kind,
  payload: {},
  ...(NATIVE.has(kind.kind) ? { native: true } : {}),
});
const toEve = (kind: AnyKind, answer: AnswerBody) =>
  toEveInputResponse({ requestId: "r1", kind: kind.kind, answer, request: requestOf(kind) }, shapeOf(kind));
const roundTrip = (kind: AnyKind, answer: AnswerBody) => fromEveResponse(toEve(kind, answer), shapeOf(kind));

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

describe("typed answers through eve's InputResponse", () => {
  it.each(cases.map((c) => [`${c.kind.kind} ${JSON.stringify(c.value)}`, c] as const))(
    "given %s, reading back what the adapter posted should give the same typed value",
    (_, { kind, payload, value }) => {
      const request = parseOk(kind, payload);
      const checked = answerOk(kind, request, value);
      expect(roundTrip(kind, { type: "value", value: checked })).toStrictEqual({ type: "value", value });
    },
  );

  it.each(cases.filter((c) => !NATIVE.has(c.kind.kind)).map((c) => [c.kind.kind, c] as const))(
    "given a %s value, should post the versioned envelope that the eve server helper reads back",
    (_, { kind, payload, value }) => {
      const request = parseOk(kind, payload);
      const posted = toEve(kind, { type: "value", value });
      expect(posted).toEqual({ requestId: "r1", text: encodeAnswer(kind.kind, value) });
      expect(readEveAnswer(kind, request, { status: "answered", ...posted })).toEqual({ status: "answered", value });
    },
  );

  it("given native answers, should post eve's own option ids and text", () => {
    expect(toEve(approvalKind, { type: "value", value: { decision: "approve" } })).toEqual({
      requestId: "r1",
      optionId: "approve",
    });
    expect(toEve(approvalKind, { type: "value", value: { decision: "deny", note: "no" } })).toEqual({
      requestId: "r1",
      optionId: "cancel",
      text: "no",
    });
    expect(toEve(approvalKind, { type: "value", value: { decision: "deny", note: "  " } })).toEqual({
      requestId: "r1",
      optionId: "cancel",
    });
    expect(toEve(questionKind, { type: "value", value: { optionId: "yes" } })).toEqual({
      requestId: "r1",
      optionId: "yes",
    });
    expect(toEve(textKind, { type: "value", value: { text: "hello" } })).toEqual({ requestId: "r1", text: "hello" });
  });

  it("given a decline of an approval, should post a deny with the reason as its note (an approval's decline IS a deny)", () => {
    expect(toEve(approvalKind, { type: "declined", reason: "  too risky " })).toEqual({
      requestId: "r1",
      optionId: "cancel",
      text: "too risky",
    });
    expect(roundTrip(approvalKind, { type: "declined", reason: "why" })).toStrictEqual({
      type: "value",
      value: { decision: "deny", note: "why" },
    });
  });

  it("given any other answer to an approval, should post what the approval's one codec reads: never an approve by default", () => {
    const deny = { requestId: "r1", optionId: "cancel" };
    expect(toEve(approvalKind, { type: "value", value: { decision: "approve", always: true } })).toEqual({
      requestId: "r1",
      optionId: "approve",
    });
    expect(toEve(approvalKind, { type: "value", value: "approve" })).toEqual(deny);
    expect(toEve(approvalKind, { type: "value", value: { decision: "deny", note: "   " } })).toEqual(deny);
    expect(toEve(approvalKind, { type: "dismissed" })).toEqual(deny);
    expect(toEve(approvalKind, { type: "reply", text: "use the other file" })).toEqual({
      ...deny,
      text: "use the other file",
    });
    // eve's own option ids, offered with its request, go as they are.
    expect(toEve(approvalKind, { type: "option", optionId: "approve" })).toEqual({
      requestId: "r1",
      optionId: "approve",
    });
  });

  it.each(
    [mediaKind, templateKind, aspectRatioKind, multiSelectKind, formKind, questionKind, textKind].map(
      (k) => [k.kind, k] as const,
    ),
  )("given a decline of %s, should post the declined envelope and read a decline back", (_, kind) => {
    expect(toEve(kind, { type: "declined", reason: "why" })).toEqual({
      requestId: "r1",
      text: encodeDecline(kind.kind, "why"),
    });
    expect(roundTrip(kind, { type: "declined", reason: "why" })).toStrictEqual({ type: "declined", reason: "why" });
    expect(roundTrip(kind, { type: "declined" })).toStrictEqual({ type: "declined" });
  });

  it("given a reply or an option, should post plain text or a plain option id", () => {
    expect(toEve(mediaKind, { type: "reply", text: "the red one" })).toEqual({ requestId: "r1", text: "the red one" });
    expect(roundTrip(mediaKind, { type: "reply", text: "the red one" })).toEqual({
      type: "reply",
      text: "the red one",
    });
    expect(toEve(mediaKind, { type: "option", optionId: "o1" })).toEqual({ requestId: "r1", optionId: "o1" });
    expect(roundTrip(mediaKind, { type: "option", optionId: "o1" })).toEqual({ type: "option", optionId: "o1" });
  });

  it("given a chat reply to eve's own question, should read it as the question's typed value", () => {
    expect(fromEveResponse({ text: "the first one" }, { kind: "question", native: true })).toEqual({
      type: "value",
      value: { text: "the first one" },
    });
    expect(fromEveResponse({ text: "hi" }, { kind: "text", native: true })).toEqual({
      type: "value",
      value: { text: "hi" },
    });
  });

  it("given a model-written picker that calls itself approval, should never post eve's approval option ids", () => {
    const spoof = { kind: "approval", native: false };
    expect(
      toEveInputResponse(
        {
          requestId: "r1",
          kind: "approval",
          answer: { type: "declined" },
          request: { ...requestOf(approvalKind), native: false },
        },
        spoof,
      ),
    ).toEqual({
      requestId: "r1",
      text: encodeDecline("approval"),
    });
    expect(fromEveResponse({ optionId: "approve" }, spoof)).toEqual({ type: "option", optionId: "approve" });
  });

  it("given any non-blank note, an approval deny should survive the round trip", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 2000 }).filter((note) => note.trim() !== ""),
        (note) => {
          const value = { decision: "deny" as const, note };
          expect(roundTrip(approvalKind, { type: "value", value })).toStrictEqual({ type: "value", value });
        },
      ),
    );
  });
});
