#!/usr/bin/env node
/**
 * Makes a fresh clone ready: npm dependencies (which include the Node 24 binary eve's CLI
 * needs), and Debian's Chromium for the browser tests when missing. Plain Node, no dependencies,
 * safe to run again (it skips what is already done). Used by `npm start` and `npm test`.
 *
 *   node scripts/setup.mjs [--browser]    --browser: also make sure Chromium is installed
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const wantBrowser = process.argv.includes("--browser");

function step(message) {
  console.log(`\n▸ ${message}`);
}
function fail(message) {
  console.error(`\n✗ setup failed: ${message}`);
  process.exit(1);
}
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

const [major] = process.versions.node.split(".").map(Number);
if (major < 20) fail(`Node ${process.versions.node} is too old; hitl-kit needs Node 20 or newer.`);

// 1. npm dependencies: install when missing or older than the lockfile.
const marker = join(root, "node_modules/.package-lock.json");
const lock = join(root, "package-lock.json");
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  step("Installing npm dependencies (npm ci)");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
} else {
  step("npm dependencies are installed");
}

// 2. Node 24 for eve's CLI: the `node` devDependency puts it at node_modules/.bin/node.
const node24 = join(root, "node_modules/.bin/node");
let node24Version = "";
try {
  node24Version = execFileSync(node24, ["--version"], { encoding: "utf8" }).trim();
} catch {
  fail("node_modules/.bin/node (Node 24, from the `node` devDependency) is missing; run `npm ci` again.");
}
if (!node24Version.startsWith("v24.")) fail(`expected Node 24 at node_modules/.bin/node, found ${node24Version}`);
console.log(`  Node ${process.versions.node} for the tools, ${node24Version} for the eve server`);

// 3. Chromium from Debian (Playwright cannot download browsers here).
if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) {
    step(`Chromium found at ${chromium}`);
  } else {
    step("Installing Chromium from Debian (apt-get install chromium fonts-liberation)");
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    const prefix = isRoot ? [] : ["sudo", "-n"];
    if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
      fail(
        "Chromium is missing and this user cannot run apt-get. Install it with: sudo apt-get install -y chromium fonts-liberation",
      );
    }
    const apt = (args) =>
      run(prefix[0] ?? "apt-get", prefix.length ? ["apt-get", ...args] : args, {
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    apt(["update"]);
    apt(["install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"]);
    if (!existsSync(chromium)) fail(`apt installed chromium but ${chromium} does not exist`);
  }
}

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
console.log(`\n✓ ${pkg.name} is set up`);
