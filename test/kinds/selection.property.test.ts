import fc from "fast-check";
import { parseRequest, validateAnswer } from "../../src/core";
import { type AnyKind, mediaKind, multiSelectKind } from "../../src/kinds";

const IDS = ["a", "b", "c", "d", "e", "f"];

/** What a selection answer must satisfy, written out plainly. */
function referenceAccepts(
  offered: readonly { id: string; disabled?: boolean }[],
  selected: readonly string[],
  min: number,
  max: number,
): boolean {
  const byId = new Map(offered.map((option) => [option.id, option.disabled ?? false]));
  const allKnownAndEnabled = selected.every((id) => byId.has(id) && byId.get(id) === false);
  const unique = new Set(selected).size === selected.length;
  return allKnownAndEnabled && unique && selected.length >= min && selected.length <= max;
}

/** Either a subset of the offered ids (often valid) or any ids at all (often not). */
function selectionFor(ids: readonly string[]): fc.Arbitrary<string[]> {
  return fc.oneof(fc.shuffledSubarray([...ids]), fc.array(fc.constantFrom(...IDS, "zz"), { maxLength: 8 }));
}

function parse(kind: AnyKind, payload: Record<string, unknown>) {
  return parseRequest(kind, { kind: kind.kind, ...payload });
}

describe("selection kinds (property)", () => {
  it("given random multi-select requests and selections, should accept exactly what the reference accepts", () => {
    const outcomes = { accepted: 0, rejected: 0, badRequests: 0 };
    const options = fc.uniqueArray(fc.record({ id: fc.constantFrom(...IDS), disabled: fc.boolean() }), {
      minLength: 1,
      maxLength: IDS.length,
      selector: (option) => option.id,
    });
    const scenario = options.chain((offered) =>
      fc.record({
        offered: fc.constant(offered),
        min: fc.integer({ min: 0, max: offered.length }),
        max: fc.option(fc.integer({ min: 1, max: offered.length + 2 }), { nil: undefined }),
        selected: selectionFor(offered.map((option) => option.id)),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ offered, min, max, selected }) => {
        const payload = { options: offered.map((o) => ({ ...o, label: o.id.toUpperCase() })), min, max };
        const enabled = offered.filter((option) => !option.disabled).length;
        const requestIsValid = (max === undefined || min <= max) && min <= enabled;
        const parsed = parse(multiSelectKind, payload);
        expect(parsed.ok).toBe(requestIsValid);
        if (!parsed.ok) {
          outcomes.badRequests += 1;
          return;
        }
        const expected = referenceAccepts(offered, selected, min, max ?? offered.length);
        expect(validateAnswer(multiSelectKind as AnyKind, parsed.value, { selected }).ok).toBe(expected);
        outcomes[expected ? "accepted" : "rejected"] += 1;
      }),
      { numRuns: 500 },
    );
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.rejected).toBeGreaterThan(0);
    expect(outcomes.badRequests).toBeGreaterThan(0);
  });

  it("given random media requests and selections, should accept exactly what the reference accepts", () => {
    const outcomes = { accepted: 0, rejected: 0, badRequests: 0 };
    const scenario = fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: IDS.length }).chain((ids) =>
      fc.record({
        ids: fc.constant(ids),
        min: fc.integer({ min: 0, max: ids.length + 1 }),
        max: fc.integer({ min: 1, max: ids.length + 2 }),
        selected: selectionFor(ids),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ ids, min, max, selected }) => {
        const payload = { items: ids.map((id) => ({ id, url: `/media/${id}.jpg` })), min, max };
        const requestIsValid = min <= max && min <= ids.length;
        const parsed = parse(mediaKind, payload);
        expect(parsed.ok).toBe(requestIsValid);
        if (!parsed.ok) {
          outcomes.badRequests += 1;
          return;
        }
        const expected = referenceAccepts(
          ids.map((id) => ({ id })),
          selected,
          min,
          max,
        );
        expect(validateAnswer(mediaKind as AnyKind, parsed.value, { selected }).ok).toBe(expected);
        outcomes[expected ? "accepted" : "rejected"] += 1;
      }),
      { numRuns: 500 },
    );
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.rejected).toBeGreaterThan(0);
    expect(outcomes.badRequests).toBeGreaterThan(0);
  });
});
