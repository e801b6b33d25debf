import fc from "fast-check";
import { emptyMap, forEachIn, getIn, type PMap, setIn } from "../../src/core/persistent-map";

describe("persistent map", () => {
  it("given random sets, should behave like a Map and never change an older version", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 300 }), (ops) => {
        let map: PMap<number> = emptyMap();
        const reference = new Map<string, number>();
        const history: [PMap<number>, Map<string, number>][] = [];
        for (const [key, value] of ops) {
          history.push([map, new Map(reference)]);
          map = setIn(map, key, value);
          reference.set(key, value);
        }
        expect(map.size).toBe(reference.size);
        for (const [key, value] of reference) expect(getIn(map, key)).toBe(value);
        const seen = new Map<string, number>();
        forEachIn(map, (value, key) => seen.set(key, value));
        expect(seen).toEqual(reference);
        // Persistence: every earlier version still reads as it did.
        for (const [old, ref] of history) {
          expect(old.size).toBe(ref.size);
          for (const [key, value] of ref) expect(getIn(old, key)).toBe(value);
        }
      }),
    );
  });

  it("given 50,000 distinct keys, should hold them all (hash splits and deep paths)", () => {
    let map: PMap<number> = emptyMap();
    for (let i = 0; i < 50_000; i++) map = setIn(map, `evt_${i}`, i);
    expect(map.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 997) expect(getIn(map, `evt_${i}`)).toBe(i);
    expect(getIn(map, "evt_50000")).toBeUndefined();
  });
});
