/**
 * Bench page: a chat page as an app builds it — `HitlProvider` + `HitlRenderer` with the default
 * registry, whose widgets load on first use — over the eve transport, fed eve's own events (the
 * recorded trace). Times an `input.requested` from reaching the page to the widget being
 * interactive: cold (the media picker's chunk not loaded yet) and warm (a second request, its
 * code loaded). Cold is measured two ways: with the events before it as eve sends them, at eve's
 * recorded pace (`action.input.appended` — the tool call's input streaming, which names
 * `ui.kind` — arrives ~240 ms before `input.requested`, and the transport prefetches the widget
 * then), and with the request alone (no early sign: the chunk is fetched only once it parks).
 */
import { HitlProvider, HitlRenderer, noopJournal } from "hitl-kit";
import { createEveTransport } from "hitl-kit/adapters/eve/transport";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import trace from "../../test/fixtures/eve-0.80.1/main-trace.json";

const asked = trace.findIndex((event) => event.type === "input.requested");
const streaming = trace.findIndex((event) => event.type === "action.input.appended");
let events = trace.slice(0, streaming);
const agent = () => ({ events, status: "ready", conversation: { inputs: {} }, respond: async () => {} });
const transport = createEveTransport(agent());
const feed = (event) => {
  events = [...events, event];
  transport.sync(agent());
};
createRoot(document.getElementById("root")).render(
  createElement(HitlProvider, { transport, journal: noopJournal }, createElement(HitlRenderer, { settled: "none" })),
);

/** An event of the trace, or a copy under new ids (a second tool call of the same kind). */
function copyOf(index, copy) {
  const event = structuredClone(trace[index]);
  if (!copy) return event;
  event.meta.id = `${event.meta.id}-${copy}`;
  const rename = (value) => (typeof value === "string" ? `${value}-${copy}` : value);
  const data = event.data;
  if (data.callId) data.callId = rename(data.callId);
  for (const action of data.actions ?? []) action.callId = rename(action.callId);
  for (const r of data.requests ?? []) {
    r.requestId = rename(r.requestId);
    r.action.callId = rename(r.action.callId);
  }
  return event;
}

const at = (index) => Date.parse(trace[index].meta.at);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Media widgets that are open — not the loading shell — with their options rendered: a person can act on them. */
const interactive = () =>
  document.querySelectorAll('[data-slot="widget"][data-kind="media"][data-state="open"]:has([role="option"])').length;

/** `early`: the events before the request first, at eve's recorded pace. */
async function ask(copy, early) {
  if (early) {
    for (let i = streaming; i < asked; i++) {
      feed(copyOf(i, copy));
      await sleep(at(i + 1) - at(i));
    }
  }
  const before = interactive();
  const started = performance.now();
  feed(copyOf(asked, copy));
  const deadline = started + 10_000;
  while (interactive() <= before) {
    if (performance.now() > deadline) throw new Error("bench: the widget never became interactive");
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return performance.now() - started;
}

window.bench = { ask };
