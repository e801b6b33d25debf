#!/usr/bin/env node
/**
 * Makes a fresh clone ready: npm dependencies (which include the Node 24 binary eve's CLI
 * needs), and Debian's Chromium for the browser tests and redis-server for the answer guard's
 * Redis tests when missing. Plain Node, no dependencies, safe to run again (it skips what is
 * already done). Used by `npm start` and `npm test`.
 *
 *   node scripts/setup.mjs [--browser]    --browser: also make sure Chromium and redis-server are installed
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

/**
 * Installs Debian packages with apt-get, as root or through passwordless sudo (a test machine
 * has no one to type a password). `what` names the missing tool in the message when it cannot.
 */
let aptUpdated = false;
function aptInstall(packages, what) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const prefix = isRoot ? [] : ["sudo", "-n"];
  if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
    fail(
      `${what} is missing and this user cannot run apt-get. Install it with: sudo apt-get install -y ${packages.join(" ")}`,
    );
  }
  const apt = (args) =>
    run(prefix[0] ?? "apt-get", prefix.length ? ["apt-get", ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  // One index refresh per run, however many packages are missing.
  if (!aptUpdated) apt(["update"]);
  aptUpdated = true;
  apt(["install", "-y", "--no-install-recommends", ...packages]);
}

// 3. Chromium from Debian (Playwright cannot download browsers here).
if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) {
    step(`Chromium found at ${chromium}`);
  } else {
    step("Installing Chromium from Debian (apt-get install chromium fonts-liberation)");
    aptInstall(["chromium", "fonts-liberation"], "Chromium");
    if (!existsSync(chromium)) fail(`apt installed chromium but ${chromium} does not exist`);
  }
}

// 4. redis-server from Debian: the answer guard's Redis claim tests start their own server on a
// free port (a service apt may start as well is not used), and skip only where none is installed.
if (wantBrowser) {
  const redisServer = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";
  if (existsSync(redisServer)) {
    step(`redis-server found at ${redisServer}`);
  } else {
    step("Installing redis-server from Debian (apt-get install redis-server)");
    aptInstall(["redis-server"], "redis-server");
    if (!existsSync(redisServer)) fail(`apt installed redis-server but ${redisServer} does not exist`);
  }
}

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
console.log(`\n✓ ${pkg.name} is set up`);
