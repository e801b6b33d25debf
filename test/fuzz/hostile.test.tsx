import { cleanup, render } from "@testing-library/react";
import fc from "fast-check";
import { encodeAnswer, encodeDecline } from "../../src/adapters/eve/envelope";
import { noopJournal } from "../../src/core/journal";
import { renderRequest } from "../../src/core/render";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { builtInKinds, questionsKind } from "../../src/kinds";
import { type AnyKind, parseRequest } from "../../src/kinds/define-kind";
import { loadPatternEngine } from "../../src/kinds/pattern-engine";
import { readAnswer, readEveAnswer } from "../../src/server/picker";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { defaultRegistry } from "../../src/widgets/default-registry";
import { builtInFallback } from "../../src/widgets/fallback/lazy";
import { captureKitWarnings } from "../support/kit-warnings";

// The fixtures are parsed as this module loads, before test/setup.ts's hooks run.
await loadPatternEngine();

/**
 * Fuzzing what a model (payloads) and a browser (answers) can send. Valid, near-valid and hostile
 * inputs for every kind: wrong types, huge and deep values, prototype keys, hostile URLs, markup
 * in every string. Never a throw, never a hang (the test timeout is the guard), always a widget or
 * the answerable fallback, and always a typed result on the server. Reproduce a failed run with
 * the FUZZ_SEED its message names.
 */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Payloads and answers per run (at least 10,000; `npm run test:soak` runs more). */
const runs = Math.max(10_000, Number(process.env.FUZZ_RUNS ?? 10_000));
/**
 * The hang guard, in proportion to the runs: 30 s per 10,000. Vitest's 5 s default was the guard
 * before; a full run with other work beside it took 5.9 s for the answers' 10,000 (2.3 s alone),
 * and `npm run test:soak`'s 200,000 could never finish inside it.
 */
const timeout = 30_000 * (runs / 10_000);

/** `fc.assert` with this run's seed; a failure says how to reproduce the run. */
function check<Ts>(property: fc.IProperty<Ts>, numRuns: number) {
  try {
    fc.assert(property, { numRuns, seed });
  } catch (error) {
    if (error instanceof Error) error.message += `\n\nReproduce with FUZZ_SEED=${seed}`;
    throw error;
  }
}

const HOSTILE_STRINGS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "file:///etc/passwd",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "toString",
  "prototype",
  "\u202e\u0000\u2028",
  "(a+)+$",
  "(a)\\1",
  "x".repeat(20_000),
  "",
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }));
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "kind")), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** A valid payload per kind, to mutate into near-valid ones. */
const VALID: Record<string, Record<string, unknown>> = {
  media: { kind: "media", items: [{ id: "a", url: "https://x.example/a.png", alt: "A" }], min: 1, max: 1 },
  template: { kind: "template", templates: [{ id: "t", name: "T", variables: [{ name: "who", label: "Who" }] }] },
  "aspect-ratio": { kind: "aspect-ratio", presets: [{ ratio: "16:9" }] },
  "multi-select": { kind: "multi-select", options: [{ id: "x", label: "X" }] },
  form: { kind: "form", fields: [{ type: "text", name: "n", label: "N", pattern: "[a-z]+" }] },
  approval: { kind: "approval", toolName: "rm", input: { path: "/" } },
  question: { kind: "question", options: [{ id: "y", label: "Yes" }], allowFreeform: true },
  text: { kind: "text", multiline: true },
  "open-url": { kind: "open-url", url: "https://pay.example.com/" },
  // No built-in widget yet: a payload of it renders the fallback, which must still answer.
  questions: {
    kind: "questions",
    questions: [{ id: "q", prompt: "Which?", options: [{ id: "a", label: "A" }], multiple: true, other: true }],
  },
};
const kindNames = [...Object.keys(VALID), "hologram", ""];

/** Replaces the value at a random path of `base` with `value` (a near-valid payload). */
function mutate(base: unknown, path: readonly number[], value: unknown): unknown {
  if (path.length === 0 || typeof base !== "object" || base === null) return value;
  const keys = Object.keys(base);
  if (keys.length === 0) return value;
  const key = keys[(path[0] ?? 0) % keys.length] as string;
  const source = base as Record<string, unknown>;
  if (Array.isArray(base)) {
    const copy: unknown[] = [...base];
    copy[Number(key)] = mutate(source[key], path.slice(1), value);
    return copy;
  }
  return { ...source, [key]: mutate(source[key], path.slice(1), value) };
}

const payload = fc
  .record({
    kind: fc.constantFrom(...kindNames),
    native: fc.boolean(),
    shape: fc.constantFrom("valid", "near", "hostile"),
    path: fc.array(fc.nat(), { maxLength: 4 }),
    value: hostileValue,
  })
  .map(({ kind, native, shape, path, value }) => {
    const valid = VALID[kind] ?? { kind };
    const body = shape === "valid" ? valid : shape === "near" ? mutate(valid, path, value) : value;
    return { kind, native, payload: body };
  });

describe("fuzzing payloads", () => {
  // The built-in widgets and fallback load on first use; the fuzzer resolves every kind at once.
  beforeAll(() => Promise.all([defaultRegistry.preload(), builtInFallback.preload()]));

  it(
    "given 10,000 generated payloads across every kind, the registry always resolves a widget or the fallback",
    () => {
      check(
        fc.property(payload, (request) => {
          const resolution = renderRequest(defaultRegistry, request);
          if (resolution.type === "widget") {
            expect(resolution.entry.kind.kind).toBe(request.kind);
            // A reserved kind only resolves when the transport marked the request native.
            if (["approval", "question", "text", "open-url"].includes(request.kind)) expect(request.native).toBe(true);
          } else {
            if (resolution.type === "loading") throw new Error(`kind ${request.kind} is still loading`);
            expect(resolution.issues.length).toBeGreaterThan(0);
            expect(resolution.issues.length).toBeLessThanOrEqual(51);
          }
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    "given generated payloads rendered in a chat, never a throw and always an answerable widget",
    () => {
      // The fallback's development warning for each invalid payload is expected here.
      captureKitWarnings();
      check(
        fc.property(payload, ({ payload: ui }) => {
          const session = createTestSession();
          session.ask({ toolName: "fuzz", input: { prompt: "Fuzz?", ui } });
          const view = render(
            <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
              <HitlRenderer />
            </HitlProvider>,
          );
          const widget = view.container.querySelector('[data-slot="widget"]');
          expect(widget?.getAttribute("data-state")).toBe("open");
          // Something in it can still answer: a button that is enabled.
          expect(widget?.querySelector("button:not([disabled])")).not.toBeNull();
          cleanup();
        }),
        120,
      );
    },
    timeout,
  );
});

describe("fuzzing answers", () => {
  const kinds: AnyKind[] = [...Object.values(builtInKinds), questionsKind];
  const requests = new Map(
    kinds.map((kind) => {
      const parsed = parseRequest<unknown>(kind, VALID[kind.kind]);
      if (!parsed.ok) throw new Error(`fixture for ${kind.kind} is invalid`);
      return [kind.kind, parsed.value] as const;
    }),
  );
  const STATUSES = ["answered", "declined", "replied", "cancelled", "unavailable", "invalid"];

  it(
    "given 10,000 hostile answers through the server readers, always one typed result",
    () => {
      const answer = fc.oneof(
        hostileValue,
        fc.record({
          type: fc.constantFrom("value", "declined", "reply", "option", "dismissed", "nope"),
          value: hostileValue,
        }),
        fc.record({ type: fc.constant("value"), value: hostileValue }),
        fc.record({ type: fc.constant("declined"), reason: hostileValue }),
      );
      const eveText = fc.oneof(
        hostileString,
        hostileValue.map((value) => encodeAnswer("media", value)),
        hostileValue.map((value) => JSON.stringify({ hitl: 1, kind: "form", value })),
        hostileString.map((reason) => encodeDecline("template", reason)),
        hostileValue.map((value) => JSON.stringify(value) ?? ""),
      );
      check(
        fc.property(fc.constantFrom(...kinds), answer, eveText, (kind, typed, text) => {
          const request = requests.get(kind.kind);
          const read = readAnswer(kind, request, typed);
          expect(STATUSES).toContain(read.status);
          if (read.status === "invalid") expect(read.message.length).toBeLessThan(25_000);
          const eve = readEveAnswer(kind, request, { status: "answered", text });
          expect(STATUSES).toContain(eve.status);
        }),
        runs,
      );
    },
    timeout,
  );
});
