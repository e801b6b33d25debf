/**
 * Bench page: a chat page as an app builds it — `HitlProvider` + `HitlRenderer` with the default
 * registry, whose widgets load on first use — fed eve's own events (the recorded trace). Times an
 * `input.requested` from reaching the ledger to the widget being interactive: cold (the media
 * picker's chunk is fetched then) and warm (a second request, its code loaded).
 */
import { HitlProvider, HitlRenderer, noopJournal } from "hitl-kit";
import { eveEventToAction } from "hitl-kit/adapters/eve";
import { createTransportState } from "hitl-kit/core";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import trace from "../../test/fixtures/eve-0.80.1/main-trace.json";

const asked = trace.findIndex((event) => event.type === "input.requested");
const state = createTransportState();
const feed = (event) => {
  const action = eveEventToAction(event);
  if (action) state.store.dispatch(action);
};
for (const event of trace.slice(0, asked)) feed(event);
const transport = { sessionKey: "bench", store: state.store, connection: state.connection, send: async () => {} };
createRoot(document.getElementById("root")).render(
  createElement(HitlProvider, { transport, journal: noopJournal }, createElement(HitlRenderer, { settled: "none" })),
);

/** The trace's request, or a copy under new ids (a second request of the same kind). */
function request(copy) {
  const event = structuredClone(trace[asked]);
  if (copy) {
    event.meta.id = `${event.meta.id}-${copy}`;
    event.data.callId = `${event.data.callId}-${copy}`;
    for (const r of event.data.requests) {
      r.requestId = `${r.requestId}-${copy}`;
      r.action.callId = `${r.action.callId}-${copy}`;
    }
  }
  return event;
}

/** Media widgets that are open — not the loading shell — with their options rendered: a person can act on them. */
const interactive = () =>
  document.querySelectorAll('[data-slot="widget"][data-kind="media"][data-state="open"]:has([role="option"])').length;

async function ask(copy) {
  const before = interactive();
  const started = performance.now();
  feed(request(copy));
  const deadline = started + 10_000;
  while (interactive() <= before) {
    if (performance.now() > deadline) throw new Error("bench: the widget never became interactive");
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return performance.now() - started;
}

window.bench = { ask };
