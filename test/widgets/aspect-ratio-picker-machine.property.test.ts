import fc from "fast-check";
import { parseRequest } from "../../src/core";
import { type AspectRatioRequest, aspectRatioKind, normalizeRatio } from "../../src/kinds/aspect-ratio";
import { validateAnswer } from "../../src/kinds/define-kind";
import { CUSTOM } from "../../src/widgets/aspect-ratio-picker/collection";
import {
  type AspectRatioEvent,
  type AspectRatioState,
  choice,
  customErrors,
  customRatio,
  initialState,
  submitCheck,
  transition,
} from "../../src/widgets/aspect-ratio-picker/machine";

/**
 * The aspect-ratio machine against random requests and random sequences of what a person (and a
 * host) can do. What must hold after every step is what held of the widget before it was a
 * machine: one radio checked at most, the value the custom sides make while Custom is chosen, an
 * answer sent only when it is whole and within bounds, and a controlled value never moved by the
 * person.
 */

const RATIOS = ["1:1", "4:3", "3:2", "16:9", "9:16", "21:9", "4:5", "2:1"];

/** Valid requests: 1 to 6 distinct presets, custom bounds half of the time. */
const requestArb: fc.Arbitrary<AspectRatioRequest> = fc
  .record({
    ratios: fc.shuffledSubarray(RATIOS, { minLength: 1, maxLength: 6 }),
    labelled: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    custom: fc.option(
      fc.tuple(fc.constantFrom(0.25, 0.5, 1), fc.constantFrom(1, 2, 2.5, 4)).map(([min, max]) => ({ min, max })),
      { nil: undefined },
    ),
  })
  .map(({ ratios, labelled, custom }) => {
    const parsed = parseRequest(aspectRatioKind, {
      kind: "aspect-ratio",
      presets: ratios.map((ratio, index) => (labelled[index] ? { ratio, label: `Preset ${index}` } : { ratio })),
      ...(custom ? { custom } : {}),
    });
    if (!parsed.ok) throw new Error("the arbitrary makes valid requests only");
    return parsed.value as AspectRatioRequest;
  });

const sideTextArb = fc.constantFrom(
  "",
  " ",
  "1",
  "2",
  "3",
  "9",
  "16",
  "21",
  "032",
  "1.5",
  "-2",
  "abc",
  "100000",
  " 4 ",
);

/** What a person does (choices may be of no radio: the machine must refuse them), and the host's answers. */
const eventArb: fc.Arbitrary<AspectRatioEvent> = fc.oneof(
  fc.record({ type: fc.constant("choose" as const), choice: fc.constantFrom(...RATIOS, CUSTOM, "5:4", "") }),
  fc.record({ type: fc.constant("set-side" as const), side: fc.constantFrom("width", "height"), text: sideTextArb }),
  fc.constant({ type: "submit-attempt" as const }),
  fc.record({ type: fc.constant("refused" as const), issues: fc.array(fc.constantFrom("Not now", "Too wide")) }),
  fc.constant({ type: "sent" as const }),
);
const eventsArb = fc.array(eventArb, { maxLength: 30 });

function offered(state: AspectRatioState): readonly string[] {
  return state.collection.values;
}

describe("aspect-ratio picker machine (property)", () => {
  it("given random requests and events, should check one offered radio at most, and keep the value the choice makes", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        let state = initialState(request);
        for (const event of events) {
          const before = state;
          state = transition(before, event);
          const checked = choice(state);
          if (checked !== null) expect(offered(state)).toContain(checked);
          // Custom only with custom bounds; while chosen, the value is what the sides make.
          if (state.custom.active) {
            expect(request.custom).toBeDefined();
            expect(state.value).toBe(customRatio(state.custom));
          } else if (state.value !== "") {
            // A preset's radio shows the value.
            expect(checked).not.toBeNull();
          }
          // A radio not offered changes nothing.
          if (event.type === "choose" && !offered(before).includes(event.choice)) expect(state).toBe(before);
          // Only the person's changes are told, and each one once.
          if (state.lastChange !== before.lastChange) {
            expect(["choose", "set-side"]).toContain(event.type);
            expect(state.lastChange?.value).toBe(state.value);
            expect(before.value).not.toBe(state.value);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given any state, should send only a whole answer the kind accepts (or a custom ratio the bounds refuse, never)", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const state = events.reduce(transition, initialState(request));
        const check = submitCheck(state);
        if (check.type === "send") {
          // Everything the machine lets through is an answer the kind's checks accept.
          expect(validateAnswer(aspectRatioKind, request, check.value).ok).toBe(true);
          expect(state.value).not.toBe("");
        }
        if (check.type === "fix") {
          expect(state.custom.active).toBe(true);
          const errors = customErrors(state, true);
          expect(Boolean(errors.width || errors.height || errors.ratio)).toBe(true);
        }
        if (check.type === "choose-first") expect(state.value).toBe("");
        // A custom ratio within bounds, both sides whole: it is sent.
        const ratio = customRatio(state.custom);
        const normalized = normalizeRatio(ratio);
        if (state.custom.active && request.custom && normalized.ok) {
          const within = normalized.value.value >= request.custom.min && normalized.value.value <= request.custom.max;
          expect(check.type === "send").toBe(within);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given a controlled value, should never move it on the person's account, only ask", () => {
    fc.assert(
      fc.property(requestArb, fc.constantFrom(...RATIOS, ""), eventsArb, (request, value, events) => {
        let state = initialState(request, { value, controlled: true });
        for (const event of events) {
          const before = state;
          state = transition(state, event);
          expect(state.value).toBe(value);
          if (state.lastChange !== before.lastChange) expect(state.lastChange?.value).not.toBe(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given a new value from the owner, should check the radio showing it: its preset's, else Custom with its sides", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, fc.constantFrom(...RATIOS, "32:18", "7:5", ""), (request, events, value) => {
        const before = events.reduce(transition, initialState(request, { value: "", controlled: true }));
        const state = transition(before, { type: "value-changed", value });
        expect(state.value).toBe(value);
        const preset = request.presets.find((candidate) => {
          const a = normalizeRatio(candidate.ratio);
          const b = normalizeRatio(value);
          return a.ok && b.ok && a.value.value === b.value.value;
        });
        if (value === before.value) expect(choice(state)).toBe(choice(before));
        else if (before.custom.active && customRatio(before.custom) === value) expect(choice(state)).toBe(CUSTOM);
        else if (preset) expect(choice(state)).toBe(preset.ratio);
        else if (value !== "" && request.custom) {
          expect(choice(state)).toBe(CUSTOM);
          expect(customRatio(state.custom)).toBe(value);
        } else expect(choice(state)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("given any events, should be a pure function: same events, same states; inputs never changed; no-ops return the state itself", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const run = () => {
          const states: AspectRatioState[] = [initialState(request)];
          for (const event of events) {
            const before = states.at(-1) as AspectRatioState;
            const frozen = Object.freeze({ ...before, custom: Object.freeze({ ...before.custom }) });
            const next = transition(frozen, event);
            // Doing the same again changes nothing more (a new value is asked for once).
            if (event.type !== "refused") expect(transition(next, event)).toBe(next);
            states.push(next);
          }
          return states.map(({ collection: _, ...rest }) => rest);
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 200 },
    );
  });
});
