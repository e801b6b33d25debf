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

/** Exclusive locks by name, granted in request order (what `navigator.locks.request` does). */
export function createMemoryLocks(): JournalLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(
        () => callback(),
        () => callback(),
      );
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}
