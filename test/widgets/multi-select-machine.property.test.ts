import fc from "fast-check";
import { parseRequest } from "../../src/core";
import { type MultiSelectRequest, multiSelectKind } from "../../src/kinds/multi-select";
import {
  highlightedPosition,
  initialState,
  type MultiSelectEvent,
  type MultiSelectState,
  resolveKey,
  transition,
  valueToSend,
  visible,
} from "../../src/widgets/multi-select/machine";
import { matchesSearch } from "../../src/widgets/shared/search";

/**
 * The multi-select machine against random requests and random sequences of what a person (and a
 * host) can do. What must hold after every step is what held of the widget before it was a
 * machine; the selection itself is checked against a plain model of the rules.
 */

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"];
const WORDS = ["Apple", "apricot", "Banana", "crème", "Crepe", "date", "Éclair", "fig", "berry 1", "nut 12"];

const optionFieldsArb = fc.record(
  {
    label: fc.constantFrom(...WORDS),
    description: fc.constantFrom("Crisp", "BERRIES", "déjà vu"),
    group: fc.constantFrom("Fruit", "Pastry"),
    disabled: fc.boolean(),
  },
  { requiredKeys: ["label", "disabled"] },
);

/** Valid requests: 1 to 16 options, half of them past 12 (with a search box); `min` 0, `max` often set. */
const requestArb: fc.Arbitrary<MultiSelectRequest> = fc
  .oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 13, max: IDS.length }))
  .chain((length) =>
    fc.record({
      ids: fc.shuffledSubarray(IDS, { minLength: length, maxLength: length }),
      fields: fc.array(optionFieldsArb, { minLength: length, maxLength: length }),
      max: fc.option(fc.integer({ min: 1, max: length + 1 }), { nil: undefined }),
    }),
  )
  .map(({ ids, fields, max }) => {
    const options = ids.map((id, index) => ({ id, ...fields[index] }));
    const parsed = parseRequest(multiSelectKind, {
      kind: "multi-select",
      options,
      ...(max === undefined ? {} : { max }),
    });
    if (!parsed.ok) throw new Error("the arbitrary makes valid requests only");
    return parsed.value as MultiSelectRequest;
  });

const idArb = fc.constantFrom(...IDS, "ghost");
const KEYS = ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageDown", "PageUp", " ", "Enter"];

/** What a person does (ids may be of no option: the machine must refuse them). */
const personEventArb: fc.Arbitrary<MultiSelectEvent> = fc.oneof(
  fc.record({ type: fc.constant("toggle" as const), id: idArb, checked: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.constant({ type: "select-all-visible" as const }),
  fc.constant({ type: "clear" as const }),
  fc.record({ type: fc.constant("highlight" as const), id: idArb }),
  fc.record({
    type: fc.constant("key" as const),
    key: fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom("a", "b", "c", "d", "e", "f", "n")),
    ctrlKey: fc.boolean(),
    // Filled in with a clock that moves forward (type-ahead depends on pauses).
    now: fc.constant(0),
    pageRows: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    type: fc.constant("search" as const),
    query: fc.constantFrom("", "  ", "a", "APP", "creme", "CRÈME", "berr 1", "e p", "zzz", "é"),
  }),
  fc.constant({ type: "submit-attempt" as const }),
  fc.record({ type: fc.constant("refused" as const), issues: fc.array(fc.constantFrom("Too few", "Too many")) }),
  fc.constant({ type: "sent" as const }),
);

/** Events with a clock: 0–800 ms between presses, around type-ahead's 500 ms pause. */
const eventsArb = fc
  .array(fc.tuple(personEventArb, fc.integer({ min: 0, max: 800 })), { maxLength: 40 })
  .map((steps) => {
    let now = 1_000;
    return steps.map(([event, gap]): MultiSelectEvent => {
      now += gap;
      return event.type === "key" ? { ...event, now } : event;
    });
  });

function maxOf(request: MultiSelectRequest): number {
  return request.max ?? request.options.length;
}
function enabledIds(request: MultiSelectRequest): Set<string> {
  return new Set(request.options.filter((option) => !option.disabled).map((option) => option.id));
}
function optionOrder(request: MultiSelectRequest, ids: Iterable<string>): string[] {
  const chosen = new Set(ids);
  return request.options.filter((option) => chosen.has(option.id)).map((option) => option.id);
}
/** The ids the list shows, by the shared search rule (lists up to 12 have no search). */
function shownIds(request: MultiSelectRequest, query: string): string[] {
  if (request.options.length <= 12) return request.options.map((option) => option.id);
  return request.options
    .filter((option) => matchesSearch(`${option.label}\n${option.description ?? ""}`, query))
    .map((option) => option.id);
}

/** The selection rules written out plainly: what the selection must be after `event`. */
function model(request: MultiSelectRequest, selected: ReadonlySet<string>, query: string, event: MultiSelectEvent) {
  const next = new Set(selected);
  const enabled = enabledIds(request);
  if (event.type === "toggle") {
    const wanted = event.checked ?? !selected.has(event.id);
    if (!wanted) next.delete(event.id);
    else if (!selected.has(event.id) && enabled.has(event.id) && selected.size < maxOf(request)) next.add(event.id);
  } else if (event.type === "select-all-visible") {
    const adding = shownIds(request, query).filter((id) => enabled.has(id) && !selected.has(id));
    // All or nothing: past max, Select all adds none.
    if (selected.size + adding.length <= maxOf(request)) for (const id of adding) next.add(id);
  } else if (event.type === "clear") {
    next.clear();
  }
  return next;
}

describe("multi-select machine (property)", () => {
  it("given random requests and events, should keep the selection the rules allow, in option order", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const enabled = enabledIds(request);
        let state = initialState(request);
        let expected = new Set<string>();
        for (const event of events) {
          const before = state;
          expected = model(request, expected, before.query, event);
          state = transition(before, event);
          // What the selection is: exactly the model's, enabled ids only, never past max, in option order.
          expect(state.selected).toEqual(optionOrder(request, expected));
          for (const id of state.selected) expect(enabled.has(id)).toBe(true);
          expect(state.selected.length).toBeLessThanOrEqual(maxOf(request));
          const sent = valueToSend(state).selected;
          expect(sent).toEqual(optionOrder(request, sent));
          expect(new Set(sent).size).toBe(sent.length);
          // Searching, moving and submitting never change the selection.
          if (!["toggle", "select-all-visible", "clear"].includes(event.type))
            expect(state.selected).toBe(before.selected);
          // The list shows what the search rule finds.
          expect(visible(state).ids.toSorted()).toEqual(shownIds(request, state.query).toSorted());
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given random keys, should never put the tab stop on a disabled option", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const enabled = enabledIds(request);
        let state = initialState(request);
        for (const event of events) {
          if (event.type === "key") {
            const move = resolveKey(state, event);
            const target = move?.target === undefined ? undefined : visible(state).ids[move.target];
            if (target !== undefined) expect(enabled.has(target)).toBe(true);
          }
          state = transition(state, event);
          if (state.highlightedId !== undefined) expect(enabled.has(state.highlightedId)).toBe(true);
          // The tab stop is on an enabled, shown option whenever the list shows one.
          const view = visible(state);
          const tabStop = view.ids[highlightedPosition(state)];
          if (view.ids.some((id) => enabled.has(id))) expect(enabled.has(tabStop ?? "")).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given any state, clear then select-all-visible should choose the shown enabled ids, or none past max", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const state = events.reduce(transition, initialState(request));
        const after = transition(transition(state, { type: "clear" }), { type: "select-all-visible" });
        const shownEnabled = optionOrder(
          request,
          shownIds(request, state.query).filter((id) => enabledIds(request).has(id)),
        );
        expect(after.selected).toEqual(shownEnabled.length <= maxOf(request) ? shownEnabled : []);
      }),
      { numRuns: 400 },
    );
  });

  it("given any events, should be a pure function: same events, same states; inputs never changed; no-ops return the state itself", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const run = () => {
          const states: MultiSelectState[] = [initialState(request)];
          for (const event of events) {
            const before = states.at(-1) as MultiSelectState;
            const frozen = Object.freeze({ ...before, selected: Object.freeze([...before.selected]) });
            const next = transition(frozen, event);
            if (event.type === "highlight" || event.type === "search") expect(transition(next, event)).toBe(next);
            states.push(next);
          }
          return states.map(({ collection: _, ...rest }) => rest);
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 200 },
    );
  });

  it("given a controlled value with ids not offered or disabled, should let them be unchosen, never chosen again", () => {
    fc.assert(
      fc.property(requestArb, fc.array(idArb, { maxLength: 6 }), eventsArb, (request, value, events) => {
        let state = transition(initialState(request), { type: "value-changed", selected: value });
        expect(state.selected).toEqual(value);
        const enabled = enabledIds(request);
        for (const event of events) {
          const before = new Set(state.selected);
          state = transition(state, event);
          // Whatever the person adds is enabled; what was there before may stay.
          for (const id of state.selected) expect(enabled.has(id) || before.has(id)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
