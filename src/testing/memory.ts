import type { JournalLocks, JournalStorage } from "../core/journal";

/**
 * In-memory stand-ins for Web Storage and Web Locks, so the journal's cross-tab and reload
 * guarantees run anywhere: give two "tabs" their own `session` storage and one shared `local`
 * storage and lock manager.
 */
export function createMemoryStorage(): JournalStorage & { clear(): void } {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
  };
}

/** Exclusive locks by name with `ifAvailable` (what `navigator.locks.request` does): shared by "tabs". */
export function createMemoryLocks(): JournalLocks {
  const heldNames = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (heldNames.has(name)) return callback(null);
      heldNames.add(name);
      try {
        return await callback({ name });
      } finally {
        heldNames.delete(name);
      }
    },
  };
}
