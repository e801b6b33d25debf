import type { JournalStorage } from "../../src/core/journal";
import { createStorageJournal } from "../../src/core/journal";
import { createMemoryLocks, createMemoryStorage } from "../../src/testing/memory";

/**
 * Two tabs' views of one origin's localStorage, as Chromium gives them: each tab reads its own
 * copy, and a write reaches the other tab's copy a moment later (not synchronously).
 */
function laggingLocalStorage(): [JournalStorage, JournalStorage] {
  const a = createMemoryStorage();
  const b = createMemoryStorage();
  const mirror = (from: JournalStorage, to: JournalStorage): JournalStorage => ({
    get length() {
      return from.length;
    },
    key: (index) => from.key(index),
    getItem: (key) => from.getItem(key),
    setItem(key, value) {
      from.setItem(key, value);
      setTimeout(() => to.setItem(key, value), 5);
    },
    removeItem(key) {
      from.removeItem(key);
      setTimeout(() => to.removeItem(key), 5);
    },
  });
  return [mirror(a, b), mirror(b, a)];
}

describe("the cross-tab claim", () => {
  it("given two tabs whose localStorage copies lag, a claim noted in storage alone lets both answer", async () => {
    // What the journal did before: check-and-set under a lock that is released at once.
    const [localA, localB] = laggingLocalStorage();
    const tabA = createStorageJournal({ session: createMemoryStorage(), local: localA });
    const tabB = createStorageJournal({ session: createMemoryStorage(), local: localB });
    expect(await tabA.claim("s", "r")).toBe("claimed");
    expect(await tabB.claim("s", "r")).toBe("claimed"); // the race the lock was supposed to close
  });

  it("given the same lag, should let only one tab claim, because the claim is the held lock", async () => {
    const [localA, localB] = laggingLocalStorage();
    const locks = createMemoryLocks();
    const tabA = createStorageJournal({ session: createMemoryStorage(), local: localA, locks });
    const tabB = createStorageJournal({ session: createMemoryStorage(), local: localB, locks });
    const [a, b] = await Promise.all([tabA.claim("s", "r"), tabB.claim("s", "r")]);
    expect([a, b].sort()).toEqual(["claimed", "taken"]);
    // Still taken after it settled (a lagging tab must not answer it again)…
    tabA.settle("s", "r");
    expect(await tabB.claim("s", "r")).toBe("taken");
    // …and free again once the holder gives it up (its answer definitely never arrived).
    tabA.release("s", "r");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await tabB.claim("s", "r")).toBe("claimed");
  });

  it("given a tab that claims again (a retry), should keep its own claim", async () => {
    const locks = createMemoryLocks();
    const local = createMemoryStorage();
    const tab = createStorageJournal({ session: createMemoryStorage(), local, locks });
    expect(await tab.claim("s", "r")).toBe("claimed");
    expect(await tab.claim("s", "r")).toBe("claimed");
  });
});
