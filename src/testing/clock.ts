import type { Clock } from "../core/client";

/**
 * A clock a test advances by hand, for `createHitlClient({ clock })`: grace periods and retry
 * waits run when the test says time has passed, not in real time.
 */
export function createManualClock(): Clock & { advance(ms: number): void; readonly pending: number } {
  let now = 0;
  let next = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  return {
    setTimeout(run, ms) {
      const id = next++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    advance(ms) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
    get pending() {
      return timers.length;
    },
  };
}
