/**
 * CPU seconds the whole machine has been busy since boot (every process: user, nice, system, irq,
 * softirq, steal), from the first line of /proc/stat (Linux; throws elsewhere). Take two readings
 * and subtract: unlike a process's rusage, it counts the descendants their parents never reaped
 * (Chromium's renderers when Playwright kills the browser, a page server's node under npx).
 */
import { readFileSync } from "node:fs";

export function machineBusySeconds() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ: 100 ticks a second
}
