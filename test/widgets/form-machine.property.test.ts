import fc from "fast-check";
import { parseRequest } from "../../src/core";
import { type FormRequest, type FormValue, formKind } from "../../src/kinds/form";
import {
  errorOf,
  type FormEvent,
  type FormState,
  initialState,
  readValue,
  transition,
  validation,
  valueToSend,
} from "../../src/widgets/form/machine";

/**
 * The form machine against random forms and random sequences of what a person (and a host) can
 * do. What must hold after every step is what held of the widget before it was a machine: errors
 * show only for fields left or after a submit attempt, a multiselect's choices stay offered and in
 * option order, a refusal lasts until the next change, and whatever is sent passes the kind.
 */

const NAMES = ["a", "b", "c", "d", "e"];
const CHOICES = ["x", "y", "z"];

const fieldArb = fc.oneof(
  fc.record({ type: fc.constantFrom("text", "email", "url", "textarea"), required: fc.boolean() }),
  fc.record({
    type: fc.constant("number"),
    required: fc.boolean(),
    min: fc.constant(0),
    max: fc.constant(10),
    integer: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("select"),
    required: fc.boolean(),
    options: fc.constant(CHOICES.map((value) => ({ value, label: value.toUpperCase() }))),
  }),
  fc.record({
    type: fc.constant("multiselect"),
    required: fc.boolean(),
    min: fc.constant(1),
    max: fc.constant(2),
    options: fc.constant(CHOICES.map((value) => ({ value, label: value.toUpperCase() }))),
  }),
  fc.record({ type: fc.constant("checkbox"), required: fc.boolean() }),
  fc.record({ type: fc.constant("date"), required: fc.boolean() }),
);

/** Valid forms: 1 to 5 fields, any types. */
const requestArb: fc.Arbitrary<FormRequest> = fc
  .array(fieldArb, { minLength: 1, maxLength: NAMES.length })
  .map((fields) => {
    const parsed = parseRequest(formKind, {
      kind: "form",
      fields: fields.map((field, index) => ({ ...field, name: NAMES[index], label: `Field ${index}` })),
    });
    if (!parsed.ok) throw new Error(`the arbitrary makes valid requests only: ${JSON.stringify(parsed.issues)}`);
    return parsed.value as FormRequest;
  });

const nameArb = fc.constantFrom(...NAMES, "ghost");
const valueArb: fc.Arbitrary<FormValue> = fc.oneof(
  fc.constantFrom("", "hello", "ada@example.com", "https://example.com", "2024-02-29", "2023-02-29", "x", "z"),
  fc.constantFrom(0, 3, 7.5, 11, -1),
  fc.constant(null),
  fc.boolean(),
  fc.constant(["x"]).map((list): string[] => [...list]),
);

/** What a person does, and what a host answers (names and choices may be of no field: the machine must cope). */
const eventArb: fc.Arbitrary<FormEvent> = fc.oneof(
  fc.record({ type: fc.constant("change" as const), name: nameArb, value: valueArb, badInput: fc.boolean() }),
  fc.record({ type: fc.constant("change" as const), name: nameArb, value: valueArb }),
  fc.record({
    type: fc.constant("choose" as const),
    name: nameArb,
    value: fc.constantFrom(...CHOICES, "w"),
    checked: fc.boolean(),
  }),
  fc.record({ type: fc.constant("touch" as const), name: nameArb }),
  fc.constant({ type: "submit-attempt" as const }),
  fc.record({
    type: fc.constant("refused" as const),
    issues: fc.array(
      fc.record({
        path: fc.oneof(
          fc.constant([] as string[]),
          nameArb.map((name) => ["values", name]),
        ),
        message: fc.constantFrom("Taken", "No"),
      }),
      { maxLength: 3 },
    ),
  }),
  fc.constant({ type: "sent" as const }),
);

function choicesOrdered(state: FormState): boolean {
  return state.request.fields.every((field) => {
    if (field.type !== "multiselect") return true;
    const value = readValue(state, field);
    if (!Array.isArray(value)) return false;
    const positions = value.map((choice) => CHOICES.indexOf(choice));
    return positions.every(
      (position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? -1)),
    );
  });
}

describe("form machine (property)", () => {
  it("given random forms and events, should show errors only where allowed and keep choices offered and ordered", () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 30 }), (request, events) => {
        let state = initialState(request);
        for (const event of events) {
          // A multiselect's checkboxes send `choose`; a raw value for it is a host's to keep in order.
          if (event.type === "change" && request.fields.some((f) => f.name === event.name && f.type === "multiselect"))
            continue;
          const before = state;
          state = transition(before, event);
          // Pure: the state before is left as it was, and the same event gives the same state.
          expect(transition(before, event)).toEqual(state);
          expect(choicesOrdered(state)).toBe(true);
          for (const field of request.fields) {
            const shown = errorOf(state, field.name);
            if (state.submitAttempts === 0 && !state.touched.includes(field.name)) expect(shown).toBeUndefined();
            else expect(shown).toBe(validation(state).issues.byField.get(field.name));
          }
          // Attempts only count up; a refusal lasts until the values change.
          expect(state.submitAttempts).toBeGreaterThanOrEqual(before.submitAttempts);
          if (event.type === "change" || event.type === "choose") {
            if (state.values !== before.values) expect(state.refused).toEqual([]);
          }
          if (event.type === "refused") expect(state.refused).toBe(event.issues);
        }
      }),
    );
  });

  it("given random events, whatever the machine would send passes the kind's own check", () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 30 }), (request, events) => {
        const state = events.reduce(transition, initialState(request));
        const value = valueToSend(state);
        if (value === undefined) return;
        expect(formKind.response.safeParse(value).success).toBe(true);
        // Nothing stands in its way: no bad number text, no refusal on a field.
        expect(state.badInput).toEqual([]);
        expect(validation(state).issues.byField.size).toBe(0);
      }),
    );
  });

  it("given an event that changes nothing, should return the very same state", () => {
    fc.assert(
      fc.property(requestArb, fc.array(eventArb, { maxLength: 20 }), (request, events) => {
        const state = events.reduce(transition, initialState(request));
        expect(transition(state, { type: "value-changed", values: { ...state.values } })).toBe(state);
        expect(transition(state, { type: "request-changed", request: state.request })).toBe(state);
        for (const field of request.fields) {
          const touched = transition(state, { type: "touch", name: field.name });
          expect(transition(touched, { type: "touch", name: field.name })).toBe(touched);
          if (state.refused.length === 0) {
            const same = { type: "change" as const, name: field.name, value: readValue(state, field) };
            expect(transition(state, same)).toBe(state);
          }
        }
      }),
    );
  });
});
