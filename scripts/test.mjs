#!/usr/bin/env node
/**
 * The whole test suite, in order, stopping at the first failure: what `npm test` and CI run.
 * Each stage prints its time. Run one stage with `node scripts/test.mjs <name>`.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { machineBusySeconds } from "./machine-cpu.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const npx = (...args) => ["npx", "--no-install", ...args];

/**
 * [name, command, options?] — in the order they run. `beside: "x"`: starts with stage x and runs
 * at the same time (its output kept until it ends); the run goes on once both have ended.
 */
const stages = [
  ["setup", ["node", "scripts/setup.mjs", "--browser"]],
  ["lint", ["npm", "run", "lint"]],
  // Not beside each other: tried, lint and the registry's typecheck beside typecheck took 59.8 s
  // and 100 CPU-s, where one after the other took 56 s and 80 (tsc's work grows when it shares).
  ["typecheck", npx("tsc", "-p", "tsconfig.json")],
  // The shadcn registry's components (registry/hitl), against the kit's sources.
  ["typecheck-registry", npx("tsc", "-p", "registry")],
  ["build", ["npm", "run", "build"]],
  ["package", ["node", "scripts/check-package.mjs"]],
  // The public surface against the checked-in API reports (api/*.api.md): an export change shows in a diff.
  // Beside package: both read dist/ only (together 22 s where one after the other took 29).
  ["api", ["node", "scripts/api-report.mjs"], { beside: "package" }],
  ["size", ["node", "scripts/size.mjs"]],
  ["unit", npx("vitest", "run", "--project", "unit", "--project", "unit-node")],
  ["dist", npx("vitest", "run", "--project", "dist")],
  ["browser", npx("vitest", "run", "--project", "browser")],
  ["build-storybook", ["npm", "run", "build-storybook"]],
  ["eve-agent", npx("vitest", "run", "--project", "eve-agent")],
  ["e2e", npx("playwright", "test")],
  // Beside e2e, which alone left ~0.2 of the two cores idle (597 s): with the stories beside it the
  // pair took 734–816 s and kept the machine busy (1,598 CPU-s in 816 s), less than the two one
  // after the other. Its output is printed when it ends.
  ["stories", npx("vitest", "run", "--project", "storybook"), { beside: "e2e" }],
  // Not beside shadcn: tried, the two took 181 s together against ~170 s one after the other (two
  // npm ci at once ran 60 and 75 s, against 25 and 30 s alone: npm ci is CPU work here).
  ["next", ["bash", "test/next/build.sh", "--skip-root-build"]],
  // The shadcn registry installed by the real CLI into examples/shadcn, built, each picker answered once in Chromium.
  ["shadcn", ["bash", "test/shadcn/run.sh", "--skip-root-build"]],
];

const only = process.argv[2];
const selected = only ? stages.filter(([name]) => name === only) : stages;
// A stage asked for by name runs alone, not beside the one it goes with in a whole run.
const besideOf = (name) => (only ? [] : selected.filter(([, , options]) => options?.beside === name));
if (selected.length === 0) {
  console.error(`unknown stage "${only}"; stages: ${stages.map(([n]) => n).join(", ")}`);
  process.exit(2);
}

/**
 * CPU seconds the whole machine has been busy so far (`machine-cpu.mjs`): with the wall time it
 * shows which stages wait and which compute — on two cores, a stage whose CPU is near twice its
 * wall time cannot go faster by running beside another. Not this script's children's rusage: that
 * misses every process whose parent died before reaping it, and counted e2e with the stories beside
 * it at 621 CPU-s in 734 s, where the machine was busy 1,145 CPU-s in e2e's 597 s alone.
 * Undefined where /proc is not there.
 */
function machineCpuSeconds() {
  try {
    return machineBusySeconds();
  } catch {
    return undefined;
  }
}

const env = { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" };
const timings = [];
for (const [name, command, options] of selected) {
  if (options?.beside && !only) continue; // started with its stage
  console.log(`\n━━━ ${name}: ${command.join(" ")}`);
  const besides = besideOf(name).map(([other, otherCommand]) => {
    console.log(`━━━ ${other} (beside ${name}, its output when it ends): ${otherCommand.join(" ")}`);
    return { name: other, run: runQuietly(otherCommand) };
  });
  const started = Date.now();
  const cpuBefore = machineCpuSeconds();
  // Not spawnSync: the stage beside this one needs the event loop to read its output meanwhile.
  const status = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: "inherit", env });
    child.on("error", (error) => {
      console.error(error);
      resolve("spawn error");
    });
    child.on("close", (code, signal) => resolve(code ?? signal));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const failed = [];
  if (status !== 0) failed.push(`"${name}" (exit ${status})`);
  // With a stage beside it, the CPU column holds both (the machine's, while either ran).
  const row = [name, seconds, "", status === 0 ? "ok" : "FAILED"];
  timings.push(row);
  for (const beside of besides) {
    const { status, output, seconds: besideSeconds } = await beside.run;
    console.log(`\n━━━ ${beside.name} (beside ${name}) ended: its output`);
    process.stdout.write(output);
    timings.push([`${beside.name} (beside)`, besideSeconds, "", status === 0 ? "ok" : "FAILED"]);
    if (status !== 0) failed.push(`"${beside.name}" (exit ${status})`);
  }
  const cpuAfter = machineCpuSeconds();
  row[2] = cpuBefore === undefined || cpuAfter === undefined ? "" : (cpuAfter - cpuBefore).toFixed(1);
  if (failed.length > 0) {
    printTimings();
    console.error(`\n✗ stage ${failed.join(" and ")} failed`);
    process.exit(1);
  }
}
printTimings();
console.log("\n✓ all stages passed");

/** Runs `command` at the same time as the stage in front, its output (stdout and stderr, in order) kept. */
function runQuietly(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on("close", (code, signal) =>
      resolve({
        status: code ?? signal,
        output: Buffer.concat(chunks).toString(),
        seconds: ((Date.now() - started) / 1000).toFixed(1),
      }),
    );
  });
}

function printTimings() {
  console.log("\nstage                seconds  cpu s  result");
  for (const [name, seconds, cpu, status] of timings) {
    console.log(`${name.padEnd(18)} ${seconds.padStart(9)} ${cpu.padStart(6)}  ${status}`);
  }
  // A stage run beside another adds no wall time of its own (its CPU is in the other's row).
  const sum = (column) =>
    timings.reduce((total, row) => total + (row[0].endsWith("(beside)") ? 0 : Number(row[column]) || 0), 0);
  console.log(`${"total".padEnd(18)} ${sum(1).toFixed(1).padStart(9)} ${sum(2).toFixed(1).padStart(6)}`);
}
