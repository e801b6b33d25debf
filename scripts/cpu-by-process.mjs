#!/usr/bin/env node
/**
 * Where a command's CPU goes, by kind of process: runs the command, samples /proc twice a second,
 * and prints the CPU seconds of every process started after it (Chromium's renderers, its browser
 * and GPU processes, eve, the page servers, Playwright, Vitest…), with the wall time and the
 * machine's busy time beside. Linux only.
 *
 *   node scripts/cpu-by-process.mjs npx playwright test
 *
 * Why not the command's own rusage: a process whose parent died before reaping it (a renderer when
 * Playwright kills the browser, a page server's node under npx) is reaped by init, and its CPU is
 * never added to anyone's children. A process that starts and ends between two samples is missed
 * (counted in "machine busy", not in a row). Exits with the command's exit code.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { machineBusySeconds } from "./machine-cpu.mjs";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/cpu-by-process.mjs <command> [args…]");
  process.exit(2);
}

/** The kind of a process, from its command line: the rows of the table. */
const KINDS = [
  ["chromium renderer", (cmd) => /chrom/.test(cmd) && cmd.includes("--type=renderer")],
  ["chromium gpu", (cmd) => /chrom/.test(cmd) && cmd.includes("--type=gpu-process")],
  ["chromium other", (cmd) => /chrom/.test(cmd) && /--type=/.test(cmd)],
  ["chromium browser", (cmd) => /\/chrom(e|ium)\b/.test(cmd)],
  ["eve server", (cmd) => cmd.includes(".output/server/")],
  ["eve cli (build)", (cmd) => /\beve\b/.test(cmd) && cmd.includes("node_modules/node/bin/node")],
  ["vite preview (page servers)", (cmd) => /vite(\.js)?\s+preview/.test(cmd)],
  ["vite build", (cmd) => /vite(\.js)?\s+build/.test(cmd)],
  ["langgraph server", (cmd) => cmd.includes("server-entry")],
  ["playwright", (cmd) => cmd.includes("playwright")],
  ["vitest", (cmd) => cmd.includes("vitest")],
  ["redis-server", (cmd) => cmd.includes("redis-server")],
  ["next", (cmd) => /\bnext\b/.test(cmd)],
  ["npm / npx", (cmd) => /\bnpm\b|\bnpx\b/.test(cmd)],
  ["tsx / node (other)", (cmd) => /\bnode\b|\btsx\b/.test(cmd)],
];
const kindOf = (cmd) => KINDS.find(([, test]) => test(cmd))?.[0] ?? "other";

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** pid → { ticks (utime + stime, last seen), cmd (first non-empty seen) } of processes started since `since`. */
const seen = new Map();
function sample(since) {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const fields = statFields(pid);
      // starttime is field 22 of the whole line (index 19 here), in ticks since boot.
      if (Number(fields[19]) < since) continue;
      const ticks = Number(fields[11]) + Number(fields[12]);
      const entry = seen.get(pid) ?? { ticks: 0, cmd: "" };
      entry.ticks = Math.max(entry.ticks, ticks);
      if (!entry.cmd) entry.cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      seen.set(pid, entry);
    } catch {
      // Gone between the listing and the read.
    }
  }
}

const started = Date.now();
const busyBefore = machineBusySeconds();
const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
const since = Number(statFields(child.pid)[19]);
const timer = setInterval(() => sample(since), 500);
const code = await new Promise((resolve) => child.on("close", (exitCode, signal) => resolve(exitCode ?? signal)));
clearInterval(timer);
sample(since);

const rows = new Map();
for (const { ticks, cmd } of seen.values()) {
  const kind = kindOf(cmd);
  const row = rows.get(kind) ?? { seconds: 0, processes: 0 };
  row.seconds += ticks / 100; // USER_HZ: 100 ticks a second
  row.processes += 1;
  rows.set(kind, row);
}
const wall = (Date.now() - started) / 1000;
const counted = [...rows.values()].reduce((total, row) => total + row.seconds, 0);
console.log(`\nprocess kind                   cpu s  share  processes`);
for (const [kind, row] of [...rows].sort((a, b) => b[1].seconds - a[1].seconds)) {
  const share = `${((100 * row.seconds) / counted).toFixed(0)} %`;
  console.log(
    `${kind.padEnd(28)} ${row.seconds.toFixed(1).padStart(8)} ${share.padStart(6)} ${String(row.processes).padStart(10)}`,
  );
}
console.log(`${"counted".padEnd(28)} ${counted.toFixed(1).padStart(8)}`);
console.log(`${"machine busy".padEnd(28)} ${(machineBusySeconds() - busyBefore).toFixed(1).padStart(8)}`);
console.log(`${"wall".padEnd(28)} ${wall.toFixed(1).padStart(8)}`);
process.exit(typeof code === "number" ? code : 1);
