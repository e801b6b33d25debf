#!/usr/bin/env node
/**
 * `npm run bench:load`: the answer guard under load and faults (`bench/load/scenario.mjs`) — 200
 * sessions, each answered from two devices at once through two page servers sharing one Redis, in
 * front of one eve agent; Redis killed and restarted once, one page server SIGKILLed mid-forward
 * and restarted. Prints what was sent, what eve recorded and how long answers took. Exits 1 when
 * eve recorded a duplicate, lost an answer or got a stray message.
 *
 *   node bench/load.mjs [--sessions N] [--concurrency N] [--no-faults] [--lease-ms N]
 */
import { runLoad } from "./load/scenario.mjs";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const { figures, problems } = await runLoad({
  sessions: arg("--sessions", 200),
  concurrency: arg("--concurrency", 25),
  faults: !process.argv.includes("--no-faults"),
  ...(process.argv.includes("--lease-ms") ? { leaseMs: arg("--lease-ms", 10_000) } : {}),
});

const rows = [
  ["sessions (each asked one request)", figures.sessions],
  ["requests parked", figures.parked],
  ["answer POSTs sent (2 devices, retries, reloads)", figures.answerPosts],
  ["  202 accepted", figures.accepted202],
  ["  409 answered elsewhere", figures.refused409],
  ["  503 claims unavailable (sent again)", figures.unavailable503],
  ["  dropped connections (sent again)", figures.networkErrors],
  ["  other statuses", figures.otherStatuses],
  [
    "devices: their answer taken / told answered elsewhere / gave up",
    `${figures.devicesAccepted} / ${figures.devicesAnsweredElsewhere} / ${figures.devicesGaveUp}`,
  ],
  ["results eve recorded (resolutions / tool results)", `${figures.resultsRecorded} / ${figures.toolResults}`],
  ["duplicates (must be 0)", figures.duplicates],
  ["lost answers (must be 0)", figures.lost],
  ["stray messages (must be 0)", figures.strayMessages],
  ["answer latency p50 / p99 / max (ms)", `${ms(figures.p50Ms)} / ${ms(figures.p99Ms)} / ${ms(figures.maxMs)}`],
  ["throughput (sessions answered per s)", figures.answersPerSecond.toFixed(1)],
  ["ask phase / answer phase (s)", `${figures.askSeconds.toFixed(1)} / ${figures.answerSeconds.toFixed(1)}`],
  ["fault: Redis down (ms)", ms(figures.redisDownMs)],
  [
    "fault: page server down (ms), answers in flight at the kill",
    `${ms(figures.pageServerDownMs)}, ${figures.forwardsInFlightAtKill}`,
  ],
];
const width = Math.max(...rows.map(([label]) => label.length));
process.stdout.write("\nThe answer guard under load and faults (two page servers, one Redis, one eve agent)\n\n");
for (const [label, value] of rows) process.stdout.write(`${label.padEnd(width)}  ${String(value).padStart(14)}\n`);
if (problems.length > 0) {
  process.stdout.write(`\n✗ ${problems.length} session(s) not answered exactly once:\n${problems.join("\n")}\n`);
  process.exit(1);
}
process.stdout.write("\n✓ every request answered exactly once\n");

function ms(value) {
  return Math.round(value).toLocaleString("en-US");
}
