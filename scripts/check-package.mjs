#!/usr/bin/env node
/**
 * Checks the package as npm would publish it (run after `npm run build`): packs it, then
 *   1. publint — package.json `exports`, files and formats agree;
 *   2. @arethetypeswrong/cli, ESM-only profile — every entry's types resolve under `node16`
 *      (from ESM) and `bundler` (`./styles.css` is CSS, not a module: left out);
 *   3. a consumer typechecks against the unpacked tarball with `moduleResolution: node16` and with
 *      `bundler`, importing the React-free entries a Node ESM server uses.
 * No network: the tools read the local tarball. Fails loudly with the tools' own output.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "hitl-kit-package-"));

function run(label, command, args, options = {}) {
  process.stdout.write(`\n▸ ${label}: ${command} ${args.join(" ")}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    process.stderr.write(`\n✗ ${label} failed (exit ${result.status ?? result.signal})\n`);
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
}

try {
  run("pack", "npm", ["pack", "--silent", "--pack-destination", work]);
  const tarball = join(work, "hitl-kit-0.1.0.tgz");
  run("publint", "npx", ["--no-install", "publint", "--strict", tarball]);
  run("attw", "npx", [
    "--no-install",
    "attw",
    tarball,
    "--profile",
    "esm-only",
    "--exclude-entrypoints",
    "./styles.css",
  ]);

  // A consumer with the tarball installed (and the one dependency its types name: zod).
  const consumer = join(work, "consumer");
  const modules = join(consumer, "node_modules");
  mkdirSync(join(modules, "hitl-kit"), { recursive: true });
  run("unpack", "tar", ["-xzf", tarball, "-C", join(modules, "hitl-kit"), "--strip-components=1"]);
  symlinkSync(join(root, "node_modules", "zod"), join(modules, "zod"), "dir");
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", type: "module", private: true }));
  writeFileSync(
    join(consumer, "server.ts"),
    `import { ACCEPTED, alwaysLive, type AnswerBody, createHitlClient, createTransportEvents } from "hitl-kit/core";
import { mediaKind, type RequestOf } from "hitl-kit/kinds";
import { dedupeToolResults, pickerTool, readAnswer, readToolOutput } from "hitl-kit/server";
import { encodeAnswer } from "hitl-kit/adapters/eve/wire";
import { createEveTransport } from "hitl-kit/adapters/eve/transport";

const request: RequestOf<typeof mediaKind> = mediaKind.request.parse({ kind: "media", items: [{ id: "a", url: "/a.png" }] });
const answer: AnswerBody = { type: "value", value: { selected: ["a"] } };
const read = readAnswer(mediaKind, request, answer);
if (read.status === "answered") {
  const ids: readonly string[] = read.value.selected;
  void ids;
}
const output = readToolOutput(mediaKind, request, { declined: true });
const status: "answered" | "declined" | "replied" | "cancelled" | "unavailable" | "invalid" = output.status;
const tool = pickerTool(mediaKind, { description: "Pick images" });
const events = createTransportEvents();
const client = createHitlClient({
  transport: { sessionKey: "s", connection: alwaysLive, connect: events.connect, send: async () => ACCEPTED },
  kinds: [mediaKind],
});
const result = client.answer("r", answer);
const refused: readonly { message: string }[] = result.status === "refused" ? result.issues : [];
const eve = createEveTransport({ events: [], status: "ready", conversation: { inputs: {} }, respond: async () => {} });
void [status, tool.inputSchema, dedupeToolResults([]), client.store.getSnapshot(), encodeAnswer("media", {}), refused, eve.sessionKey];
`,
  );
  for (const resolution of ["node16", "bundler"]) {
    const config = join(consumer, `tsconfig.${resolution}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: resolution === "node16" ? "node16" : "esnext",
          moduleResolution: resolution,
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ["server.ts"],
      }),
    );
    run(`typecheck a consumer (moduleResolution: ${resolution})`, "npx", ["--no-install", "tsc", "-p", config], {
      cwd: root,
    });
  }
  process.stdout.write("\n✓ the packed package passes publint, attw (ESM-only) and node16/bundler consumers\n");
} finally {
  rmSync(work, { recursive: true, force: true });
}
