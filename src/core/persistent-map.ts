/**
 * A tiny persistent (immutable, structurally shared) string-keyed map: a hash trie with 32-way
 * nodes. `set` copies one path of at most 7 small arrays, so the ledger can stay a pure reducer
 * and still cost O(1) per event on long replays (copying a Map or Set per event is what makes
 * event-sourced reducers quadratic).
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;
const MAX_SHIFT = 30; // 32-bit hash: levels at shifts 0, 5, …, 30

interface Leaf<V> {
  readonly hash: number;
  /** More than one entry only when full 32-bit hashes collide. */
  readonly entries: readonly (readonly [string, V])[];
}
type Slot<V> = Node<V> | Leaf<V> | undefined;
interface Node<V> {
  readonly slots: readonly Slot<V>[];
}

export interface PMap<V> {
  readonly size: number;
  /** @internal */
  readonly root: Node<V>;
}

const EMPTY_NODE: Node<never> = { slots: new Array<undefined>(WIDTH).fill(undefined) };
const EMPTY: PMap<never> = { size: 0, root: EMPTY_NODE };

export function emptyMap<V>(): PMap<V> {
  return EMPTY;
}

/** FNV-1a over UTF-16 code units: fast, well spread for ids like `evt_01M80…`. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function isLeaf<V>(slot: Node<V> | Leaf<V>): slot is Leaf<V> {
  return "entries" in slot;
}

export function getIn<V>(map: PMap<V>, key: string): V | undefined {
  const hash = hashOf(key);
  let node: Node<V> = map.root;
  for (let shift = 0; ; shift += BITS) {
    const slot = node.slots[(hash >>> shift) & MASK];
    if (slot === undefined) return undefined;
    if (isLeaf(slot)) {
      if (slot.hash !== hash) return undefined;
      for (const [k, v] of slot.entries) if (k === key) return v;
      return undefined;
    }
    node = slot;
  }
}

export function hasIn(map: PMap<unknown>, key: string): boolean {
  return getIn(map, key) !== undefined;
}

/** Returns a new map with `key` set; the old map is unchanged. Values must not be `undefined`. */
export function setIn<V>(map: PMap<V>, key: string, value: V): PMap<V> {
  const hash = hashOf(key);
  let added = false;
  const insert = (node: Node<V>, shift: number): Node<V> => {
    const index = (hash >>> shift) & MASK;
    const slot = node.slots[index];
    let next: Node<V> | Leaf<V>;
    if (slot === undefined) {
      added = true;
      next = { hash, entries: [[key, value]] };
    } else if (!isLeaf(slot)) {
      next = insert(slot, shift + BITS);
    } else if (slot.hash === hash) {
      const at = slot.entries.findIndex(([k]) => k === key);
      if (at === -1) added = true;
      next = {
        hash,
        entries:
          at === -1 ? [...slot.entries, [key, value]] : slot.entries.map((e, i) => (i === at ? [key, value] : e)),
      };
    } else {
      // Two different hashes share this slot: push the existing leaf one level down, then insert.
      next = insert(split(slot, shift + BITS), shift + BITS);
    }
    const slots = node.slots.slice();
    slots[index] = next;
    return { slots };
  };
  const root = insert(map.root, 0);
  return { size: map.size + (added ? 1 : 0), root };
}

function split<V>(leaf: Leaf<V>, shift: number): Node<V> {
  if (shift > MAX_SHIFT) throw new Error("persistent-map: hash space exhausted"); // unreachable: distinct hashes differ in some 5-bit group
  const slots: Slot<V>[] = new Array<Slot<V>>(WIDTH).fill(undefined);
  slots[(leaf.hash >>> shift) & MASK] = leaf;
  return { slots };
}

/** Visits every entry (order is by hash, not insertion). */
export function forEachIn<V>(map: PMap<V>, visit: (value: V, key: string) => void): void {
  const walk = (node: Node<V>) => {
    for (const slot of node.slots) {
      if (slot === undefined) continue;
      if (isLeaf(slot)) for (const [k, v] of slot.entries) visit(v, k);
      else walk(slot);
    }
  };
  walk(map.root);
}
