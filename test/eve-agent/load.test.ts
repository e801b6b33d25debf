// @vitest-environment node
/**
 * The load and fault run (`npm run bench:load`) in small: 20 sessions on a real eve agent, each
 * answered from two devices at once through two page servers whose answer guards claim in one real
 * Redis; Redis killed and restarted once, one page server killed with SIGKILL while it forwards an
 * answer. Counts only (the timings are the benchmark's): every request answered exactly once, no
 * stray message, every device told an outcome.
 *
 * Needs `npm run build` (the page servers import `dist/`), redis-server and Node 24 for eve.
 */
import { runLoad } from "../../bench/load/scenario.mjs";

it("given 20 sessions answered from two devices at once through a Redis restart and a killed page server, should record every answer exactly once", async () => {
  const { figures, problems } = await runLoad({ sessions: 20, concurrency: 10, leaseMs: 2_000, log: () => {} });
  expect(problems).toEqual([]);
  expect(figures.parked).toBe(20);
  expect(figures.resultsRecorded).toBe(20);
  expect(figures.toolResults).toBe(20);
  expect(figures.duplicates).toBe(0);
  expect(figures.lost).toBe(0);
  expect(figures.strayMessages).toBe(0);
  // Each device ends knowing: its answer taken, or another device's (never left without an outcome).
  expect(figures.devicesGaveUp).toBe(0);
  expect(figures.devicesAccepted + figures.devicesAnsweredElsewhere).toBe(40);
  // Both faults happened (they are what this test is for).
  expect(figures.redisDownMs).toBeGreaterThan(0);
  expect(figures.pageServerDownMs).toBeGreaterThan(0);
}, 300_000);
