#!/usr/bin/env node
/**
 * `npm run bench`: hitl-kit beside the libraries a user would pick instead, in one run, one table
 * per question, and everything in `bench/results.json` (with the machine it ran on). Benchmarks,
 * not tests: nothing here fails on a number.
 *
 * 1. Bundle size — the same method for everyone (esbuild, minified, tree-shaken, gzip; react,
 *    react-dom, zod and @tanstack/react-query external): the kit's budget entries
 *    (`scripts/size.mjs`; eve external, as a page on eve has it already), and the HITL path of
 *    each peer: `eve/react` (`useEveAgent`, whose `respond` answers), `@ai-sdk/react` (`useChat`,
 *    whose `addToolOutput` answers), `@copilotkit/react-core` (`useHumanInTheLoop`).
 * 2. Ledger replay — realistic eve 0.80.1 streams (copies of the recorded traces with their text
 *    streamed as `message.appended` deltas: ~90% deltas, ~5 requests and approvals per 1,000
 *    events, real event shapes): the kit's ledger vs eve's own `conversationReducer`, min / median
 *    / max over the runs, per event and the ratio.
 * 3. Re-renders — commits of an open media picker (React Profiler) while 1,000 unrelated stream
 *    events arrive (`bench/renders.mjs`).
 * 4. In Chromium — MediaPicker with 10,000 items and TemplatePicker with 2,000 (mount, DOM
 *    elements, key move), and a request to an interactive widget, cold and warm
 *    (`bench/chromium.mjs`, which also runs alone).
 * 5. Inbox stores — park, list, answer and deliver with 100,000 parked requests: memory, SQLite in a
 *    file, Redis (`bench/inbox.mjs`, which also runs alone).
 *
 * Runs after `npm run build` (it measures the built package). The peers install into
 * `bench/peers/` (`npm ci` there, first run only). Times are wall-clock on whatever else the
 * machine is doing: compare within one run, not across machines.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { conversationReducer } from "eve/react";
import { eveEventToAction } from "hitl-kit/adapters/eve";
import { createLedger, reduceLedger, selectRequests } from "hitl-kit/core";
import { BUDGETS, bundle, closure, measure } from "../scripts/size.mjs";
import { chromiumRows, measureChromium } from "./chromium.mjs";
import { measureInbox } from "./inbox.mjs";
import { measureRenders } from "./renders.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const kB = (bytes) => Math.round(bytes / 102.4) / 10;

// ─── 1. bundle size ──────────────────────────────────────────────────────────────────────────────

const PEER_EXTERNAL = ["react", "react/*", "react-dom", "react-dom/*", "zod", "zod/*", "@tanstack/react-query"];

function installPeers() {
  const peers = join(here, "peers");
  // Installed by an earlier run, with every peer the current package.json lists.
  if (
    existsSync(join(peers, "node_modules", "@copilotkit")) &&
    existsSync(join(peers, "node_modules", "@assistant-ui", "eve"))
  ) {
    return peers;
  }
  process.stdout.write("▸ installing the peers into bench/peers (npm ci, first run only)\n");
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: peers, stdio: "inherit" });
  return peers;
}

/**
 * What a page importing `code` loads at once (the entry and its static imports), as the kit's page
 * row counts; chunks the library itself imports lazily (highlighters, diagram renderers) go in a note.
 */
async function peerSize(code, resolveDir, external = []) {
  const outputs = await bundle(code, [...PEER_EXTERNAL, ...external], resolveDir);
  const entry = [...outputs.keys()].find((name) => outputs.get(name).entry);
  const sum = (names) => [...names].reduce((total, name) => total + (outputs.get(name)?.gz ?? 0), 0);
  const gz = sum(closure(outputs, entry));
  const all = sum(outputs.keys());
  return all > gz ? { gz, note: `${kB(all).toLocaleString("en-US")} kB with the chunks it loads lazily` } : { gz };
}

async function sizes() {
  const kit = await measure();
  const peers = installPeers();
  const rows = [
    { what: "hitl-kit/core: a headless client", gz: kit.client, budget: BUDGETS.client },
    { what: "hitl-kit/core: everything it exports", gz: kit.core },
    { what: "hitl-kit: a chat page before any request (eve external)", gz: kit.page, budget: BUDGETS.page },
    ...kit.widgets.map((w) => ({
      what: `hitl-kit: ${w.lazyPart ? "lazy part" : "widget"} ${w.widget} (its own chunks)`,
      gz: w.gz,
      budget: BUDGETS.widget,
    })),
    { what: "hitl-kit: chunks several widgets share", gz: kit.shared },
    { what: "hitl-kit: everything (the pattern engine aside)", gz: kit.total, budget: BUDGETS.total },
    { what: "hitl-kit: the pattern engine (re2js, with the form only)", gz: kit.patternEngine },
    {
      what: "eve/react: useEveAgent (+ respond)",
      ...(await peerSize(`export { useEveAgent } from "eve/react";`, root)),
    },
    {
      what: "@ai-sdk/react: useChat (+ addToolOutput)",
      ...(await peerSize(`export { useChat } from "@ai-sdk/react";`, root)),
    },
    {
      what: "@copilotkit/react-core: CopilotKit + useHumanInTheLoop",
      ...(await peerSize(`export { CopilotKit, useHumanInTheLoop } from "@copilotkit/react-core";`, peers)),
    },
    {
      // Its eve runtime maps eve's input requests to assistant-ui's tool approval UI; a tool UI
      // renders the request. eve external, as on the kit's page row.
      what: "@assistant-ui/react + @assistant-ui/eve: AssistantRuntimeProvider + makeAssistantToolUI + useEveAgentRuntime (eve external)",
      ...(await peerSize(
        `export { AssistantRuntimeProvider, makeAssistantToolUI } from "@assistant-ui/react"; export { useEveAgentRuntime } from "@assistant-ui/eve";`,
        peers,
        ["eve", "eve/*"],
      )),
    },
  ];
  return rows.map((row) => ({ ...row, kB: row.gz === null ? null : kB(row.gz) }));
}

// ─── 2. ledger replay ────────────────────────────────────────────────────────────────────────────

const fixtures = join(root, "test/fixtures/eve-0.80.1");
const traces = ["main-trace.json", "approval-trace.json"].map((f) => readFileSync(join(fixtures, f), "utf8"));
/** Text deltas per assistant message: a model streaming a ~1 kB answer in ~6-character chunks. */
const DELTAS_PER_MESSAGE = 180;

/**
 * `count` events of a realistic session: copies of the two recorded traces (a media question
 * answered, an approval denied) with unique ids, each assistant message streamed as deltas.
 */
function makeStream(count) {
  const events = [];
  for (let copy = 0; events.length < count; copy++) {
    const text = traces[copy % 2]
      .replace(/evt_([0-9A-Z]+)/g, `evt_$1_${copy}`)
      .replace(/(wrun_[0-9A-Z]+-ask-1|aitxt-[0-9A-Za-z]+)/g, `$1_${copy}`)
      .replace(/call_([0-9a-z]+)/g, `call_$1_${copy}`)
      .replace(/turn_0/g, `turn_${copy}`);
    for (const event of JSON.parse(text)) {
      if (event.type === "message.completed") {
        const { turnId, stepIndex } = event.data;
        const words = "Here is what I found for you in the gallery and the drafts folder. ";
        for (let i = 0; i < DELTAS_PER_MESSAGE && events.length < count; i++) {
          events.push({
            type: "message.appended",
            data: { messageDelta: words.slice((i * 6) % 60, ((i * 6) % 60) + 6), sequence: i + 1, stepIndex, turnId },
            meta: { at: event.meta.at, id: `${event.meta.id}_d${i}` },
          });
        }
      }
      if (events.length < count) events.push(event);
    }
  }
  return events;
}

const hitl = (events) => {
  let state = createLedger();
  for (const event of events) {
    const action = eveEventToAction(event);
    if (action) state = reduceLedger(state, action);
  }
  return selectRequests(state).length;
};

const eve = (events) => {
  let state = conversationReducer.initial();
  for (const event of events) state = conversationReducer.reduce(state, event);
  return Object.keys(state.inputs).length;
};

function time(run, runs) {
  const samples = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    result = run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    min: round(samples[0]),
    median: round(samples[Math.floor(samples.length / 2)]),
    max: round(samples.at(-1)),
    result,
  };
}

function replay() {
  const rows = [];
  for (const n of [1_000, 10_000, 100_000]) {
    const events = makeStream(n);
    const deltas = events.filter((e) => e.type === "message.appended").length;
    const ours = time(() => hitl(events), RUNS);
    const theirs = time(() => eve(events), RUNS);
    if (theirs.result !== ours.result) {
      throw new Error(`the reducers disagree on the number of requests: eve ${theirs.result}, hitl-kit ${ours.result}`);
    }
    rows.push({
      events: n,
      deltas: Math.round((deltas / n) * 100),
      requests: ours.result,
      hitlMs: ours,
      eveMs: theirs,
      hitlUsPerEvent: Math.round((ours.median * 1000 * 100) / n) / 100,
      eveUsPerEvent: Math.round((theirs.median * 1000 * 100) / n) / 100,
      ratio: Math.round(theirs.median / ours.median),
    });
  }
  return rows;
}

// ─── the run ─────────────────────────────────────────────────────────────────────────────────────

const machine = {
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
  runs: RUNS,
};
process.stdout.write(
  `hitl-kit bench — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${RUNS} runs per figure\n`,
);

const size = await sizes();
process.stdout.write(
  "\n1. Bundle size (gzip kB; esbuild, minified; react, react-dom, zod, @tanstack/react-query external)\n",
);
console.table(
  size.map((row) => ({
    "": row.what,
    "gzip kB": row.kB ?? "—",
    budget: row.budget === undefined ? "" : `≤ ${row.budget}${row.kB !== null && row.kB > row.budget ? " ✗" : ""}`,
    note: row.note ?? "",
  })),
);

const ledger = replay();
process.stdout.write(
  "\n2. Replaying an eve stream from the start: hitl-kit's ledger vs eve's conversationReducer (ms: min / median / max)\n",
);
console.table(
  ledger.map((row) => ({
    events: row.events.toLocaleString("en"),
    "deltas %": row.deltas,
    requests: row.requests,
    "hitl-kit ms": `${row.hitlMs.min} / ${row.hitlMs.median} / ${row.hitlMs.max}`,
    "hitl-kit µs/event": row.hitlUsPerEvent,
    "eve ms": `${row.eveMs.min} / ${row.eveMs.median} / ${row.eveMs.max}`,
    "eve µs/event": row.eveUsPerEvent,
    "eve ÷ hitl-kit": `${row.ratio}×`,
  })),
);

const renders = await measureRenders(root, 1_000);
process.stdout.write(
  "\n3. Renders of an open widget (the media picker) while unrelated events arrive (React Profiler)\n",
);
console.table([
  {
    "unrelated events": renders.events,
    "widget commits": renders.renders,
    "per event": renders.perEvent,
    "(commits to mount it)": renders.mountCommits,
  },
]);

const browser = await measureChromium(RUNS);
process.stdout.write(`\n4. In Chromium (min / median / max over ${RUNS} fresh pages)\n`);
console.table(chromiumRows(browser).map((row) => ({ "": row.what, value: row.value, goal: row.goal })));

const inbox = await measureInbox();
process.stdout.write(
  "\n5. Inbox stores with 100,000 parked requests (100 owners; latency of one call at a time, ms p50 / p99)\n",
);
console.table(inbox);

const results = {
  date: new Date().toISOString(),
  machine,
  bundleSize: size.map(({ what, kB: value, budget, note }) => ({ what, gzipKB: value, budget, note })),
  ledgerReplay: ledger.map(({ hitlMs, eveMs, ...rest }) => ({
    ...rest,
    hitlMs: { min: hitlMs.min, median: hitlMs.median, max: hitlMs.max },
    eveMs: { min: eveMs.min, median: eveMs.median, max: eveMs.max },
  })),
  rerenders: renders,
  chromium: browser,
  inbox,
};
writeFileSync(join(here, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write("\nwrote bench/results.json\n");
