#!/usr/bin/env node
/**
 * The whole test suite, in order, stopping at the first failure: what `npm test` and CI run.
 * Each stage prints its time. Run one stage with `node scripts/test.mjs <name>`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const npx = (...args) => ["npx", "--no-install", ...args];

/** [name, command] — in the order they run. */
const stages = [
  ["setup", ["node", "scripts/setup.mjs", "--browser"]],
  ["lint", ["npm", "run", "lint"]],
  ["typecheck", npx("tsc", "-p", "tsconfig.json")],
  // The shadcn registry's components (registry/hitl), against the kit's sources.
  ["typecheck-registry", npx("tsc", "-p", "registry")],
  ["build", ["npm", "run", "build"]],
  ["package", ["node", "scripts/check-package.mjs"]],
  // The public surface against the checked-in API reports (api/*.api.md): an export change shows in a diff.
  ["api", ["node", "scripts/api-report.mjs"]],
  ["size", ["node", "scripts/size.mjs"]],
  ["unit", npx("vitest", "run", "--project", "unit", "--project", "unit-node")],
  ["dist", npx("vitest", "run", "--project", "dist")],
  ["browser", npx("vitest", "run", "--project", "browser")],
  ["stories", npx("vitest", "run", "--project", "storybook")],
  ["build-storybook", ["npm", "run", "build-storybook"]],
  ["eve-agent", npx("vitest", "run", "--project", "eve-agent")],
  ["e2e", npx("playwright", "test")],
  ["next", ["bash", "test/next/build.sh", "--skip-root-build"]],
  // The shadcn registry installed by the real CLI into examples/shadcn, built, each picker answered once in Chromium.
  ["shadcn", ["bash", "test/shadcn/run.sh", "--skip-root-build"]],
];

const only = process.argv[2];
const selected = only ? stages.filter(([name]) => name === only) : stages;
if (selected.length === 0) {
  console.error(`unknown stage "${only}"; stages: ${stages.map(([n]) => n).join(", ")}`);
  process.exit(2);
}

/**
 * CPU seconds (user + system) used so far by this script's finished children and their reaped
 * descendants, from /proc (Linux): with the wall time it shows which stages wait and which
 * compute — on two cores, a stage whose CPU is near twice its wall time cannot go faster by
 * running beside another. Undefined where /proc is not there.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces, so split after its closing paren):
    // cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const timings = [];
for (const [name, command] of selected) {
  console.log(`\n━━━ ${name}: ${command.join(" ")}`);
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync(command[0], command.slice(1), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? "" : (cpuAfter - cpuBefore).toFixed(1);
  timings.push([name, seconds, cpu, result.status === 0 ? "ok" : "FAILED"]);
  if (result.status !== 0) {
    printTimings();
    console.error(`\n✗ stage "${name}" failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}
printTimings();
console.log("\n✓ all stages passed");

function printTimings() {
  console.log("\nstage                seconds  cpu s  result");
  for (const [name, seconds, cpu, status] of timings) {
    console.log(`${name.padEnd(18)} ${seconds.padStart(9)} ${cpu.padStart(6)}  ${status}`);
  }
  const sum = (column) => timings.reduce((total, row) => total + (Number(row[column]) || 0), 0);
  console.log(`${"total".padEnd(18)} ${sum(1).toFixed(1).padStart(9)} ${sum(2).toFixed(1).padStart(6)}`);
}
