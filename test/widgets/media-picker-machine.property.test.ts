import fc from "fast-check";
import { type MediaItem, mediaItemSchema } from "../../src/kinds/media";
import type { MediaCollectionInput } from "../../src/widgets/media-picker/collection";
import { mediaLabels } from "../../src/widgets/media-picker/labels";
import {
  highlightedIndex,
  initialState,
  type MediaPickerEvent,
  type MediaPickerState,
  orderOf,
  resolveKey,
  transition,
  valueToSend,
} from "../../src/widgets/media-picker/machine";

/**
 * The media picker machine against random requests and random sequences of what a person (and a
 * host, and a remote collection loading pages) can do. What must hold after every step is what
 * held of the widget before it was a machine; the selection is checked against a plain model of
 * the rules.
 */

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
const ALTS = ["Apple", "apricot", "Banana", "", "Crepe", "date", "Éclair", "fig"];

/** 0 to 12 items (alt empty for some: named by position), inline or remote, with any bounds the kind allows. */
const inputArb: fc.Arbitrary<MediaCollectionInput> = fc
  .record({
    ids: fc.shuffledSubarray(IDS),
    alts: fc.array(fc.constantFrom(...ALTS), { minLength: IDS.length, maxLength: IDS.length }),
    types: fc.array(fc.constantFrom("image", "video", "audio"), { minLength: IDS.length, maxLength: IDS.length }),
    max: fc.integer({ min: 1, max: 14 }),
    min: fc.integer({ min: 0, max: 3 }),
    remote: fc.boolean(),
  })
  .map(({ ids, alts, types, max, min, remote }) => ({
    items: ids.map(
      (id, index): MediaItem =>
        mediaItemSchema.parse({
          id,
          url: `https://cdn.example/${id}.jpg`,
          alt: alts[index],
          mediaType: types[index],
        }),
    ),
    min: Math.min(min, max),
    max,
    remote,
    labels: mediaLabels,
  }));

const idArb = fc.constantFrom(...IDS, "ghost");
const KEYS = ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageDown", "PageUp", " ", "Enter"];

/** What a person (or the host) does; ids may be of no item: the machine must refuse them. */
const eventArb: fc.Arbitrary<MediaPickerEvent> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant("toggle" as const), id: idArb }) },
  fc.record({ type: fc.constant("highlight" as const), index: fc.integer({ min: -2, max: 14 }) }),
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("key" as const),
      key: fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom("a", "b", "c", "d", "e", "i", "f")),
      ctrlKey: fc.boolean(),
      // Filled in with a clock that moves forward (type-ahead depends on pauses).
      now: fc.constant(0),
      columns: fc.integer({ min: 1, max: 5 }),
      pageRows: fc.integer({ min: 1, max: 4 }),
    }),
  },
  fc.record({ type: fc.constant("thumbnail-error" as const), id: idArb }),
  fc.record({ type: fc.constant("refused" as const), issues: fc.array(fc.constantFrom("Too few", "Too many")) }),
  fc.constant({ type: "sent" as const }),
);

/** Events with a clock: 0–800 ms between presses, around type-ahead's 500 ms pause. */
const eventsArb = fc.array(fc.tuple(eventArb, fc.integer({ min: 0, max: 800 })), { maxLength: 40 }).map((steps) => {
  let now = 1_000;
  return steps.map(([event, gap]): MediaPickerEvent => {
    now += gap;
    return event.type === "key" ? { ...event, now } : event;
  });
});

function maxOf(input: MediaCollectionInput): number {
  return Math.max(1, input.remote ? input.max : Math.min(input.max, input.items.length));
}

/** The selection rules written out plainly: what the selection must be after `event`. */
function model(input: MediaCollectionInput, selected: readonly string[], event: MediaPickerEvent): string[] {
  if (event.type !== "toggle") return [...selected];
  if (selected.includes(event.id)) return selected.filter((id) => id !== event.id);
  if (!input.items.some((item) => item.id === event.id)) return [...selected];
  if (maxOf(input) === 1) return [event.id];
  return selected.length < maxOf(input) ? [...selected, event.id] : [...selected];
}

describe("media picker machine (property)", () => {
  it("given random requests and events, should keep the selection the rules allow, in the order chosen", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        const offered = new Set(input.items.map((item) => item.id));
        let state = initialState(input);
        let expected: string[] = [];
        for (const event of events) {
          const before = state;
          expected = model(input, expected, event);
          state = transition(before, event);
          expect(state.selected).toEqual(expected);
          for (const id of state.selected) expect(offered.has(id)).toBe(true);
          expect(state.selected.length).toBeLessThanOrEqual(maxOf(input));
          expect(new Set(state.selected).size).toBe(state.selected.length);
          expect(valueToSend(state).selected).toEqual(state.selected);
          // The order badges count 1, 2, 3… in the order chosen.
          expect([...orderOf(state).values()]).toEqual(state.selected.map((_, index) => index + 1));
          // Moving, failing thumbnails and submitting never change the selection.
          if (event.type !== "toggle") expect(state.selected).toBe(before.selected);
          // The notice is there exactly when the last toggle went past max.
          if (event.type === "toggle" && state.selected !== before.selected) expect(state.notice).toBeUndefined();
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given random keys and highlights, should keep the tab stop on an item, and move only where the key says", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        const count = input.items.length;
        let state = initialState(input);
        for (const event of events) {
          if (event.type === "key") {
            const move = resolveKey(state, event);
            if (move?.target !== undefined) {
              expect(move.target).toBeGreaterThanOrEqual(0);
              expect(move.target).toBeLessThan(count);
            }
            // Space and Enter never move (outside type-ahead), Alt and Meta never count.
            if (event.key === "Enter") expect(move).toBeUndefined();
          }
          state = transition(state, event);
          const index = highlightedIndex(state);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(Math.max(count, 1));
          expect(state.highlighted).toBe(index);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given any events, should be a pure function: same events, same states; inputs never changed; no-ops return the state itself", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        const run = () => {
          const states: MediaPickerState[] = [initialState(input)];
          for (const event of events) {
            const before = states.at(-1) as MediaPickerState;
            const frozen = Object.freeze({
              ...before,
              selected: Object.freeze([...before.selected]),
              broken: before.broken,
            });
            const next = transition(frozen, event);
            if (event.type === "highlight" || event.type === "thumbnail-error" || event.type === "sent") {
              expect(transition(next, event)).toBe(next);
            }
            states.push(next);
          }
          return states.map(({ collection: _, ...rest }) => ({ ...rest, broken: [...rest.broken] }));
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 200 },
    );
  });

  it("given a controlled value with ids not offered, should let them be unchosen, never chosen again", () => {
    fc.assert(
      fc.property(inputArb, fc.uniqueArray(idArb, { maxLength: 6 }), eventsArb, (input, value, events) => {
        let state = transition(initialState(input), { type: "value-changed", selected: value });
        expect(state.selected).toEqual(value);
        const offered = new Set(input.items.map((item) => item.id));
        for (const event of events) {
          const before = new Set(state.selected);
          state = transition(state, event);
          for (const id of state.selected) expect(offered.has(id) || before.has(id)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given a remote collection loading pages between events, should keep the selection across pages and searches", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, fc.array(fc.nat(), { maxLength: 5 }), (input, events, cuts) => {
        const remote = { ...input, remote: true };
        let state = initialState({ ...remote, items: [] });
        // Pages arrive: the first `cut` items, a cut per step (a new search may show fewer).
        events.forEach((event, step) => {
          const cut = cuts[step % Math.max(cuts.length, 1)] ?? remote.items.length;
          const items = remote.items.slice(0, cut % (remote.items.length + 1));
          const before = state.selected;
          state = transition(state, { type: "collection-changed", ...remote, items });
          expect(state.selected).toBe(before);
          expect(state.collection.bounds.max).toBe(Math.max(1, remote.max));
          state = transition(state, event);
          expect(highlightedIndex(state)).toBeLessThan(Math.max(items.length, 1));
        });
      }),
      { numRuns: 200 },
    );
  });
});
