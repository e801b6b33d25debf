#!/usr/bin/env node
/**
 * Replaying a long eve stream: hitl-kit's ledger vs eve's own client reducer
 * (`conversationReducer` from eve/react, the peer every eve chat UI runs).
 *
 * The stream is made of copies of the two recorded eve 0.80.1 traces (a media question
 * answered, an approval denied), each copy with unique ids, so every 18 events open and settle
 * one request. Each row replays the first N events from scratch and reports the median of
 * several runs. Run after `npm run build` (it measures the built package).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { conversationReducer } from "eve/react";
import { eveEventToAction } from "hitl-kit/adapters/eve";
import { createLedger, reduceLedger, selectRequests } from "hitl-kit/core";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "../test/fixtures/eve-0.80.1");
const traces = ["main-trace.json", "approval-trace.json"].map((f) => readFileSync(join(fixtures, f), "utf8"));

function makeStream(count) {
  const events = [];
  for (let copy = 0; events.length < count; copy++) {
    const text = traces[copy % 2]
      .replace(/evt_([0-9A-Z]+)/g, `evt_$1_${copy}`)
      .replace(/(wrun_[0-9A-Z]+-ask-1|aitxt-[0-9A-Za-z]+)/g, `$1_${copy}`)
      .replace(/call_([0-9a-z]+)/g, `call_$1_${copy}`)
      .replace(/turn_0/g, `turn_${copy}`);
    for (const event of JSON.parse(text)) if (events.length < count) events.push(event);
  }
  return events;
}

function time(run, repeats) {
  const samples = [];
  let result;
  for (let i = 0; i < repeats; i++) {
    const started = process.hrtime.bigint();
    result = run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)], result };
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

const sizes = [1_000, 5_000, 10_000, 100_000];
/** eve's reducer copies its state per event; beyond this it takes minutes. */
const EVE_LIMIT = 10_000;

const rows = [];
for (const n of sizes) {
  const events = makeStream(n);
  const ours = time(() => hitl(events), n >= 100_000 ? 3 : 7);
  const theirs = n <= EVE_LIMIT ? time(() => eve(events), n >= 10_000 ? 1 : 3) : undefined;
  if (theirs && theirs.result !== ours.result) {
    throw new Error(`the reducers disagree on the number of requests: eve ${theirs.result}, hitl-kit ${ours.result}`);
  }
  rows.push({
    events: n.toLocaleString("en"),
    requests: ours.result.toLocaleString("en"),
    "hitl-kit ledger (ms)": ours.ms.toFixed(1),
    "hitl-kit µs/event": ((ours.ms * 1000) / n).toFixed(2),
    "eve conversationReducer (ms)": theirs ? theirs.ms.toFixed(1) : `skipped (> ${EVE_LIMIT.toLocaleString("en")})`,
    "eve µs/event": theirs ? ((theirs.ms * 1000) / n).toFixed(2) : "—",
    speedup: theirs ? `${(theirs.ms / ours.ms).toFixed(0)}×` : "—",
  });
}

console.log(`\nReplaying an eve stream from index 0 (Node ${process.version}, median of runs)\n`);
console.table(rows);
