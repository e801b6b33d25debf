/**
 * Renders of an open widget while unrelated stream events arrive: the real media picker (built
 * package) on a real eve stream (the recorded trace up to its `input.requested`), then `count`
 * text deltas of the assistant's message — events that concern no request. React's `Profiler`
 * counts the widget's commits. jsdom stands in for the page (this measures React's work, not
 * layout). Goal: 0 renders per unrelated event.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";

export async function measureRenders(root, count = 1_000) {
  const dom = new JSDOM('<!doctype html><div id="root"></div>', { pretendToBeVisual: true, url: "http://localhost/" });
  const { window } = dom;
  globalThis.window = window;
  globalThis.document = window.document;
  globalThis.HTMLElement = window.HTMLElement;
  if (!("navigator" in globalThis)) Object.defineProperty(globalThis, "navigator", { value: window.navigator });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const React = await import("react");
  const { createRoot } = await import("react-dom/client");
  const { createRegistry, HitlProvider, HitlRenderer, noopJournal } = await import("hitl-kit");
  const mediaPicker = (await import("hitl-kit/widgets/media-picker")).default;
  const { createEveTransport } = await import("hitl-kit/adapters/eve/transport");

  const trace = JSON.parse(readFileSync(join(root, "test/fixtures/eve-0.80.1/main-trace.json"), "utf8"));
  const upTo = trace.findIndex((event) => event.type === "input.requested");
  // eve's own transport over an agent whose stream grows: each event reaches the client's ledger.
  let events = trace.slice(0, upTo + 1);
  const agent = () => ({ events, status: "ready", conversation: { inputs: {} }, respond: async () => {} });
  const transport = createEveTransport(agent());
  const feed = (event) => {
    events = [...events, event];
    transport.sync(agent());
  };

  let commits = 0;
  const registry = createRegistry(mediaPicker);
  const app = React.createElement(
    HitlProvider,
    { transport, registry, journal: noopJournal },
    React.createElement(
      React.Profiler,
      {
        id: "widget",
        onRender: () => {
          commits++;
        },
      },
      React.createElement(HitlRenderer, { settled: "none" }),
    ),
  );
  const container = window.document.getElementById("root");
  const reactRoot = createRoot(container);
  await React.act(async () => reactRoot.render(app));
  const opened = container.querySelector('[data-slot="widget"][data-kind="media"]') !== null;
  const before = commits;
  const { turnId, stepIndex } = trace[upTo].data;
  for (let i = 0; i < count; i++) {
    await React.act(async () =>
      feed({
        type: "message.appended",
        data: { messageDelta: "word ", sequence: i, stepIndex, turnId },
        meta: { at: new Date().toISOString(), id: `evt_bench_delta_${i}` },
      }),
    );
  }
  const renders = commits - before;
  await React.act(async () => reactRoot.unmount());
  // `mountCommits` shows the Profiler counts at all: the widget mounting is one or more commits.
  return { opened, mountCommits: before, events: count, renders, perEvent: renders / count };
}
