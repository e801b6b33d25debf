#!/usr/bin/env node
// The public surface, entry by entry, as API Extractor reports it: `api/<entry>.api.md`, checked
// in. `npm test` (stage "api") fails when the built declarations export anything else than the
// reports say, so every change to the public surface shows in a diff; `npm run api:update`
// (after `npm run build`) writes the reports anew.
//
// One TypeScript program serves every entry (`CompilerState`): 28 programs would take minutes.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CompilerState, Extractor, ExtractorConfig } from "@microsoft/api-extractor";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const update = process.argv.includes("--update");
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Every export with declarations: `.` → `index`, `./adapters/mcp/transport` → `adapters-mcp-transport`. */
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === "object" && target.types)
  .map(([subpath, target]) => ({
    subpath,
    name: subpath === "." ? "index" : subpath.slice(2).replaceAll("/", "-"),
    types: join(root, target.types),
  }))
  .filter((entry) => !only || entry.name === only);

const reportFolder = join(root, "api");
const tempFolder = join(root, "node_modules/.cache/api-report");
mkdirSync(tempFolder, { recursive: true });

const configFor = (entry) =>
  ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: entry.types,
      compiler: { tsconfigFilePath: join(root, "tsconfig.api.json") },
      apiReport: {
        enabled: true,
        reportFolder,
        reportTempFolder: tempFolder,
        reportFileName: entry.name,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The report is about what is exported and its shape; doc-comment style is Biome's job.
        compilerMessageReporting: { default: { logLevel: "warning" } },
        extractorMessageReporting: {
          default: { logLevel: "none" },
          "ae-forgotten-export": { logLevel: "none", addToApiReportFile: false },
          "ae-missing-release-tag": { logLevel: "none", addToApiReportFile: false },
          "ae-internal-missing-underscore": { logLevel: "none", addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: "none" } },
      },
    },
    configObjectFullPath: join(root, "api", "api-extractor.json"),
    packageJsonFullPath: join(root, "package.json"),
  });

const configs = entries.map((entry) => ({ entry, config: configFor(entry) }));
const compilerState = CompilerState.create(configs[0].config, {
  additionalEntryPoints: configs.map(({ entry }) => entry.types),
});

const changed = [];
for (const { entry, config } of configs) {
  const result = Extractor.invoke(config, {
    localBuild: update,
    compilerState,
    showVerboseMessages: false,
    messageCallback: (message) => {
      // Only what breaks the analysis is worth a line; the report itself is the output.
      if (message.logLevel !== "error") message.handled = true;
    },
  });
  if (!result.succeeded || result.apiReportChanged) changed.push(entry);
  if (result.apiReportChanged && !update) {
    // The change itself, in the log (CI's included): what was added, removed or reshaped.
    const diff = spawnSync(
      "git",
      [
        "diff",
        "--no-index",
        "--no-color",
        join(reportFolder, `${entry.name}.api.md`),
        join(tempFolder, `${entry.name}.api.md`),
      ],
      { encoding: "utf8" },
    );
    process.stdout.write(`${diff.stdout.split("\n").slice(0, 200).join("\n")}\n`);
  }
  const status = result.apiReportChanged ? (update ? "written" : "CHANGED") : "same";
  process.stdout.write(`${entry.subpath.padEnd(34)} api/${entry.name}.api.md  ${status}\n`);
}

// Each name from one entry: a name two entries export (an adapter's hook entry re-exporting its
// transport, the root re-exporting core) is two import paths for one thing. Read from the reports
// just written or compared (overloads repeat a name within one report; that is one entry).
if (!only) {
  const exportedBy = new Map();
  for (const { entry } of configs) {
    const report = readFileSync(join(update ? reportFolder : tempFolder, `${entry.name}.api.md`), "utf8");
    const names = report.matchAll(
      /^export (?:declare )?(?:abstract )?(?:const|let|function|class|type|interface|namespace|enum) (\w+)/gm,
    );
    for (const [, name] of names) {
      const where = exportedBy.get(name) ?? new Set();
      where.add(entry.subpath);
      exportedBy.set(name, where);
    }
  }
  const twice = [...exportedBy].filter(([, where]) => where.size > 1);
  if (twice.length > 0) {
    process.stderr.write(
      `\n✗ ${twice.length} name${twice.length === 1 ? " is" : "s are"} exported from more than one entry:\n` +
        twice.map(([name, where]) => `  ${name}: ${[...where].join(", ")}\n`).join(""),
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`each of ${exportedBy.size} names exported from one entry\n`);
  }
}

if (changed.length > 0 && !update) {
  process.stderr.write(
    `\n✗ the public surface of ${changed.length} entr${changed.length === 1 ? "y" : "ies"} changed: ` +
      `${changed.map((e) => e.subpath).join(", ")}.\n` +
      `  The new reports are in node_modules/.cache/api-report/; if the change is meant, run ` +
      `\`npm run build && npm run api:update\` and commit api/.\n`,
  );
  process.exit(1);
}
