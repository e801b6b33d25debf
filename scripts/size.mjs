#!/usr/bin/env node
/**
 * What the kit costs a page, measured as a user's bundler sees it (run after `npm run build`):
 * esbuild bundles an app's imports of the built package — minified, tree-shaken, code-split,
 * with react, react-dom, zod, @tanstack/react-query and eve left external — and each output is
 * gzipped. Each figure is shown against its budget (the goal) and checked against its ceiling
 * (what it measured when last changed, plus a little): `npm test` runs this, so a regression
 * fails CI even where a goal is not met yet. Exits 1 on any figure over its ceiling.
 *
 *   node scripts/size.mjs            the table, and the budgets checked
 *   node scripts/size.mjs --json     the figures as JSON (for bench/results.json)
 *
 * "Before any request" is the entry plus every chunk it imports statically; a widget's own chunk
 * is what its dynamic import adds beyond that; a chunk several widgets share is counted once,
 * with the first widget that needs it, and in the total.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const kB = (bytes) => bytes / 1024;

/** The externals of every measurement (the method; a chat app has these already). */
export const EXTERNAL = [
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "zod",
  "zod/*",
  "@tanstack/react-query",
  "eve",
  "eve/*",
];

/**
 * Budgets (the goals), gzip kB, as decided after the bench issue: a headless client ≤ 5.5, a chat
 * page before any request ≤ 19, each widget's own chunks ≤ 10, everything but the pattern engine
 * ≤ 62. The linear-time pattern engine (re2js) is reported on its own: see PATTERN_ENGINE.
 */
export const BUDGETS = { client: 5.5, page: 19, widget: 10, total: 62 };

/**
 * Ceilings, gzip kB: no figure may grow past these. Where a figure is over its budget the ceiling
 * is what it measured when last changed plus ~2%; lower a ceiling whenever a change shrinks its
 * figure, and never raise one without saying why in the commit. A widget without its own ceiling
 * has its budget as ceiling.
 */
export const CEILINGS = {
  // A Node process's client (createHitlClient + the ledger's selectors): 5.1 once the client owned
  // the ledger, validated answers by kind and recorded the transports' outcomes.
  // 5.31 (+6 bytes) once a refused answer to a request another device's answer settled shows as
  // answered elsewhere (the client's `lostTo`: a LangGraph race CI caught).
  // 5.66 once chat replies went through the client's own pipeline (`client.sendMessage`: one
  // gate, journal record, claim and outcome record for every answer; `internalsOf` gone) —
  // +0.35 for every page, where `sendChatMessage` was a module of its own only chat boxes loaded.
  // 5.67 once the client reads a transport when created (`peek`) and follows it only from the
  // first mount (a server render or a discarded render leaves no poll behind).
  // 5.68 with the `gone` outcome (an answer an outbox held until its question no longer waited:
  // the client's ledger says how it ended, so no transport keeps a copy of outcomes).
  // 5.70 once the client parses a payload through core's shared cache (`parsePayload`: the render
  // decision reads the same parse) and the reserved-kind rule is one function (`usesReservedKind`).
  // 5.76 once the ledger is kept per followed conversation (`transport.follows`: two hooks over
  // one chat share one gate, each transport connected while mounted), not per transport object.
  // 5.77 once a `gone` ahead of the stream marks the request answered elsewhere at once (a
  // LangGraph two-device race left the loser "answered" as if its own answer had gone).
  // 5.86 with the ledger's `concluded` change: a request the server is done with settles from the
  // ledger's own record of what this client sent (an approval's by its decision), so TanStack AI's
  // transport keeps no answered set of its own.
  // 5.87 with `approvalOutcome` (core/answer.ts): one reading of how an approval's answer ends it, for
  // the ledger, the inbox and LangGraph, tested to agree with the kinds' `approvalDecision`.
  // 5.91 once a request that settles without saying how while this client's answer is on its way
  // keeps that answer unconfirmed (the ledger's `unconfirmedAnswer`) until the send's result: the
  // losing device of a two-device race showed its own answer as the recorded one.
  client: 5.93,
  // Everything hitl-kit/core exports: 8.1 once it also held the request observer (1.9 on its
  // own), the widget view and the transport helpers (5.4 before, when a transport owned the store
  // and the hook did the observer's work).
  // 8.33: the same `lostTo`.
  // 8.70 once the render decision moved here from react's registry (`renderRequest`,
  // src/core/render.ts): the chat page went down 0.15 with it (20.95 → 20.80).
  // 8.77 with the ledger per followed conversation (see `client`).
  // 8.87 with `concluded` (see `client`).
  // 8.93 once `createTransportEvents` took a `follow` (started with the first sink, stopped after the
  // last): eve's, AG-UI's and LangGraph's own connection counters went into it.
  // 8.97 with `unconfirmedAnswer` (see `client`).
  core: 8.99,
  // The page: 19.8 once the client validated every answer by kind, recorded the transports'
  // outcomes and prefetched a widget from a streaming tool input, and the observer replaced the
  // hook's logic (18.6 before; 0.8 over its budget of 19: see docs/ARCHITECTURE.md).
  // 18.6 once the renderer rendered a loading widget's shell itself in the browser (no
  // Suspense reveal throttle: request → interactive cold 325 → 107 ms); 18.4 once the registry
  // waited on a kind's preparation (the form's pattern engine, ~45 kB gz, now loads only for a
  // form with a pattern); 18.2 after the fallback's value reader went lazy and the provider
  // stopped building a QueryClient (raised to 19.7 with remote collections, then lowered).
  // 20.38 with `client.sendMessage` in the client (see `client`).
  // 20.40 with `peek` (see `client`).
  // 20.42 with the question set's lazy entry in the default registry.
  // 20.84 with "Approve all" in the renderer (a batch's approvals: the grouping, its button,
  // its labels) and the adapters naming each request's batch.
  // 20.91 once Approve all says a refused press (reconnecting) in its status instead of losing it.
  // 20.93 with the `gone` outcome (see `client`).
  // 20.95 once the observer's reads stopped reporting (a missing collection is reported from
  // `subscribe`, so a server render or a discarded render reports nothing).
  // 20.80 once the render decision moved into core (see `core`): the registry keeps only its entries.
  // 20.86 with the ledger per followed conversation (see `client`).
  // 20.87 with `gone` ahead of the stream (see `client`).
  // 20.96 once the fallback's list of problems became a labelled region a keyboard can reach and
  // scroll, rendered when Details opens (axe's scrollable-region-focusable), and its reply field
  // took the client's limit for a reply (one limit, not 10,000 in the field and 1,000,000 behind it).
  // 21.05 with `concluded` (see `client`).
  // 21.08 once eve's encode reads every answer to an approval as `approvalDecision` does (a
  // reply, a dismissal or a non-decision deny; a reply went as bare text before) — structurally:
  // importing that codec from the kinds put them all in the page (26.36, measured).
  // 21.10 once the shell's context is memoized (a root attribute that changes — an approval's
  // data-step, a picker's data-touched — no longer renders the prompt, status and Decline).
  // 17.17 once the built-in fallback loaded in a chunk of its own, right after the renderer
  // mounts (its reply field, receipt and the widget shell: −3.93); until it has loaded a request
  // that falls back shows the loading shell (prompt and Decline), as a lazy widget's does.
  // 17.20 with `approvalOutcome` (see `client`).
  // 17.29 once eve's reconnect runs while a client is connected (StrictMode's unmount → mount had
  // stopped it for good) and `useEveHitl` became a call to the shared `useTransport`.
  // 17.31 with `follow` in `createTransportEvents` (see `core`).
  // 17.37 with `unconfirmedAnswer` (see `client`).
  page: 17.39,
  // The total: 69.8 once defineWidget made every picker's Root, styled widget and statics one
  // piece of code and the three key handlers one (70.3 before; lowered from 71).
  // 69.8 once the template picker moved onto a machine too (own chunks 5.3 → 6.6: its
  // draft now lives in its machine, while the shared useDraft stays for the form).
  // 69.2 once the form moved onto a machine too (its code 2.7 → 4.1 kB gz, in the chunk
  // it shares with the approval; the template picker then held use-draft alone, 5.3 → 5.9).
  // 67.8 once the media picker (own chunks 4.4 → 5.7) and the aspect-ratio picker
  // (3.6 → 4.6) moved onto machines the same way; each picker's machine + connect costs ~1–1.3
  // kB gz over its inline widget. Raised knowingly: the goal of 62 and Zag-style machines for
  // every picker pull against each other, and that choice is the planners' (see the stop note).
  // 65.5 once the multi-select became a pure machine, connect (prop getters) and thin
  // parts (its own chunks 3.7 → 6.0: the machine's events and selectors, the collection's
  // indexing and the connect getters are more code than the inline widget was); the other
  // pickers' move onto the same shared pieces is where duplication is removed again.
  // 63.3 once the approval gained its edit step (the form widget's parts inside it, for
  // LangChain's HITL review: the form moved into a chunk both share) and narrowed decisions; 1.3
  // over its budget of 62. Loading the edit step lazily was measured and made it worse (64.1: one
  // more split point fragments the shared chunks further). The headless-pickers work (one
  // machine per picker, one shell) is where this comes back.
  // 61.8 with the seam above and the tool-call prefetch (within its budget of 62).
  // 59.9 once re2js got a chunk of its own (the form's code had been undercounted by
  // ~1.2 kB while the two shared a chunk and gzip was split between them by minified bytes), after
  // the collections windowed their rows themselves instead of through @tanstack/react-virtual
  // (~9 kB gz); 67.9 before that, when the radio groups and tag toggles moved off Radix (~9 kB).
  // 76.8 with the question set (kind `questions`, its own chunks 6.4: a tenth widget).
  // 77.45 with "Approve all" (see `page`), the approval's approve-always button and its automatic receipt.
  // 77.5 with Approve all's refusal status (see `page`).
  // 77.52 with the `gone` outcome (see `client`); 77.55 with the observer's report (see `page`).
  // 77.42 once the render decision moved into core (see `core`).
  // 77.47 with the ledger per followed conversation (see `client`; the AI SDK's own answered set went).
  // 77.49 with `gone` ahead of the stream (see `client`).
  // 77.95 once the approval moved onto a machine, connect and defineWidget as the pickers did
  // (its own chunks 1.79 → 2.22): the receipt's words for an edit, an approve-always and a
  // policy's decision, which the shadcn item had copied, are the kit's parts now. 78.03 with the
  // fallback's keyboard-reachable problem list (see `page`).
  // 78.13 with `concluded` (see `client`); 78.15 with eve's approval codec (see `page`).
  // 78.17 with the shell's memoized context (see `page`).
  // 79.66 with the fallback in a chunk of its own (see `page`): the shell, labels and reply field
  // it shared with the widgets inside the page now sit in chunks shared among the fallback and
  // the widgets, and more, smaller chunks gzip worse (−3.93 on the first paint, +1.49 in all).
  // 79.72 with `approvalOutcome` (see `client`); 79.81 with eve's reconnect per client (see `page`).
  // 79.97 once the fallback moved onto a machine, connect and defineWidget as every widget did (its
  // chunk 2.06 → 2.40); defineWidget no longer imports the remote collection (the pickers that
  // take a `source` pass `useRemoteCollection`), so the fallback's chunk brings no TanStack Query.
  // 79.87 once the multi-select, the question set and the aspect-ratio picker took their Issues
  // and Submit from one `pickerParts` (beside Submit: a module of its own was one more chunk, 80.04).
  // 79.78 once every part that renders one element took `asChild` through the shared `part()`
  // (the shell's Prompt, Status, Actions, form, Issues and Receipt, and the widgets' own): the
  // element each part wrote by hand became one call.
  // 79.97 once focus follows an answer that went to the widget's status (`useHandOff` in
  // defineWidget, and the status focusable by script): a keyboard user was dropped at the top of
  // the page when the control that sent the answer was disabled.
  // 80.05 once focus moves on from the status to the receipt when the request is over.
  // 80.11 with `unconfirmedAnswer` (see `client`).
  // 80.28 once each question of a set renders inside a scope of its own (memoized on what it shows):
  // typing in one question's "Other" rendered every question's options again (questions 6.31 → 6.48).
  // 80.35 once that scope became a shared `scopedPart` (create-widget-context) that the form's
  // fields are on too (typing in one field rendered every field): questions 6.48 → 6.36.
  // 80.28 once the multi-select's and the template picker's row comparisons (`sameProps`, two
  // copies) became one beside scopedPart.
  // 80.61 once the free text's label, input, Send, hint and error are parts of their own (the
  // question's, the text question's and the fallback's): a styled item gives each its class
  // instead of reaching it with descendant selectors (the registry: 802 → 742 of them).
  // 81.02 once the question's options are leaf parts too (a button per option; the radio group,
  // its rows, radio, dot, label, description, issues and Submit): question 2.99 → 3.40, the
  // registry's descendant selectors 742 → 672. Leaf parts cost ~0.4 kB gz per widget's rows.
  // 81.14 once the roving radio group and toggle row take asChild (Slot, and Space/Enter for an
  // element of yours that is not a button), and the question's group, radio and dot and the
  // aspect-ratio picker's options with them.
  // 81.41 once Decline's reason step is leaf parts (DeclineLabel, DeclineReason, DeclineConfirm,
  // DeclineBack, and Decline's formClassName): the step's row had taken the first step's button
  // class (a shadcn item's reason row was drawn as an outline button, hover and all).
  // 81.31 once the three scopes of leaf parts (the free text's field, Decline's step, a question's
  // option) came from one `createPartScope` instead of a context and a throwing hook each.
  // 81.26 once each name came from one entry (a widget's entry no longer re-exports its component).
  // 81.34 once the status is leaf parts too (StatusText, Retry: a shadcn item gives Retry its class).
  // 81.74 once the template picker's cards are leaf parts (Card, CardPreview, CardName, CardDetails,
  // CardDescription, CardTags, TemplateError, LoadMore, Empty's text and Clear filters): its own
  // chunks 6.33 → 6.72, the registry's descendant selectors 597 → 532.
  // 82.10 once the media picker's tiles, preview and receipt summary are leaf parts too (Tile,
  // TileOption, TileThumbnail, its overlays; PreviewMedia, PreviewCaption; Summary's classes):
  // its own chunks 5.44 → 5.79, the registry's descendant selectors 532 → 415.
  // 82.58 once the aspect-ratio picker is leaf parts too (Options repeats your Option: OptionShape,
  // OptionLabel, OptionRatio; Custom's fields, colon, label, input, error, preview, range and error;
  // a shape's box takes shapeClassName): its own chunks 4.29 → 4.76, the selectors 415 → 329.
  // 83.31 once the question set is leaf parts too (QuestionList repeats your Question: its legend,
  // header, prompt and Optional chips, bounds, QuestionOptions repeating your QuestionOption —
  // OptionControl, OptionText, OptionLabel, OptionRecommended, OptionDescription — OtherInput,
  // notice, issue, Clear; Progress's text and pending): its own chunks 6.35 → 7.08, the
  // selectors 329 → 233.
  // 83.50 once the multi-select's options are leaf parts (List repeats your Option: OptionControl,
  // OptionLabel, OptionDescription; a class for rows, headings and "no matches"): its own chunks
  // 5.34 → 5.53, the selectors 233 → 198.
  // 83.45 once the question set's and the aspect-ratio picker's hand-written scopes became
  // createPartScope's (which takes a part's given prop before its scope): questions 7.08 → 7.04.
  total: 83.47,
  // An inbox page (HitlInbox + its transport): 24.4 when it came (the renderer and client it
  // shares with a chat page, its list, and @tanstack/react-virtual for the windowing).
  // 24.42 with the `gone` outcome (see `client`); 24.44 with the observer's report (see `page`).
  // 24.88 once the render decision moved from the registry (which the inbox's app passes in, so
  // this page never counted it) into core's observer (which it does): an app's inbox page with
  // its registry is no bigger.
  // 24.94 with the ledger per followed conversation (see `client`).
  // 24.95 with `gone` ahead of the stream (see `client`).
  // 25.04 with `concluded` (see `client`).
  // 25.09 once the renderer's loading shell became a view the lazy fallback renders too.
  // 25.10 with `approvalOutcome` (see `client`).
  // 25.16 with `follow` in `createTransportEvents` (see `core`).
  // 25.14 once the inbox's poll is that `follow` too (its own sink count went, and with it a
  // second disconnect of one sink stopping the poll for the other).
  // 25.17 once that poll became core's `createPoll` (shared with Mastra's: one copy, a little more
  // general than the inbox's inline one).
  // 25.21 with `unconfirmedAnswer` (see `client`).
  inbox: 25.23,
  widgets: {},
};

/**
 * re2js (RE2 in JavaScript: model-written patterns are matched in linear time, so no payload can
 * hang the page) is ~46 kB gz by itself — more than every widget together. It loads in a chunk of
 * its own, only for a form that has a pattern, and is reported on its own line, outside the
 * per-widget and total budgets, so a regression anywhere else still fails.
 */
const PATTERN_ENGINE = /node_modules\/re2js\//;

/**
 * Bundles `code` (an app's imports) and returns its output files with their gzip size, static
 * and dynamic imports, and whether the pattern engine is in them.
 */
export async function bundle(code, external = EXTERNAL, resolveDir = root) {
  const outdir = mkdtempSync(join(tmpdir(), "hitl-size-"));
  try {
    const result = await build({
      stdin: { contents: code, resolveDir, loader: "js", sourcefile: "app.js" },
      bundle: true,
      minify: true,
      format: "esm",
      splitting: true,
      platform: "browser",
      outdir,
      write: false,
      metafile: true,
      external,
      logLevel: "error",
      // JavaScript only: a library's stylesheet and fonts (a peer imports KaTeX's) are not counted.
      loader: {
        ".css": "empty",
        ".woff": "empty",
        ".woff2": "empty",
        ".ttf": "empty",
        ".svg": "empty",
        ".png": "empty",
      },
      // The built package as an app installs it: not the repo's tsconfig `paths` (they map
      // `hitl-kit/*` to the sources, for the tests).
      tsconfigRaw: "{}",
    });
    const files = new Map();
    for (const file of result.outputFiles) {
      if (!file.path.endsWith(".js")) continue;
      files.set(relative(outdir, file.path), { gz: gzipSync(file.contents).length, min: file.contents.length });
    }
    const outputs = new Map();
    for (const [path, meta] of Object.entries(result.metafile.outputs)) {
      if (!path.endsWith(".js")) continue;
      const name = relative(outdir, join(root, path));
      outputs.set(name, {
        ...files.get(name),
        // The stdin entry, named relative to the working directory (as esbuild names every input).
        entry: meta.entryPoint === relative(process.cwd(), join(resolveDir, "app.js")),
        statics: meta.imports
          .filter((i) => i.kind === "import-statement" && !i.external)
          .map((i) => relative(outdir, join(root, i.path))),
        dynamics: meta.imports
          .filter((i) => i.kind === "dynamic-import" && !i.external)
          .map((i) => relative(outdir, join(root, i.path))),
        // The share of the file that is the pattern engine (a chunk can hold it and the form).
        engineShare:
          Object.entries(meta.inputs).reduce(
            (n, [input, i]) => n + (PATTERN_ENGINE.test(input) ? i.bytesInOutput : 0),
            0,
          ) /
          Math.max(
            1,
            Object.values(meta.inputs).reduce((n, i) => n + i.bytesInOutput, 0),
          ),
        // A widget's entry (the `hitl-kit/widgets/<name>` subpath): `dist/widgets/media-picker.js` → `media-picker`
        label: meta.entryPoint ? /^dist\/widgets\/([a-z-]+)\.js$/.exec(meta.entryPoint)?.[1] : undefined,
      });
    }
    return outputs;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** A file and everything it imports statically (what loads with it). */
export function closure(outputs, start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const next of outputs.get(start)?.statics ?? []) closure(outputs, next, seen);
  return seen;
}

/** Gzip bytes of these files; `part` picks the kit's share, the engine's, or both (gzip split by minified bytes). */
const sum = (outputs, names, part = "all") =>
  [...names].reduce((total, name) => {
    const file = outputs.get(name);
    if (!file) return total;
    const share = part === "all" ? 1 : part === "engine" ? file.engineShare : 1 - file.engineShare;
    return total + Math.round(file.gz * share);
  }, 0);

/** Every figure of the budgets. */
export async function measure() {
  const core = await bundle(`export * from "hitl-kit/core";`);
  const coreEntry = [...core.keys()].find((name) => core.get(name).entry);
  // What a bot, a CLI or a server-side agent loads: the client and the ledger's selectors.
  const client = await bundle(`export { createHitlClient, selectRequests, selectRequest } from "hitl-kit/core";`);
  const clientEntry = [...client.keys()].find((name) => client.get(name).entry);
  const page = await bundle(
    `export { HitlProvider, HitlRenderer, useParkedInput } from "hitl-kit"; export { useEveHitl } from "hitl-kit/adapters/eve";`,
  );
  const entry = [...page.keys()].find((name) => page.get(name).entry);
  const initial = closure(page, entry);
  // Each widget: the files only its dynamic import brings; files two or more widgets bring are
  // shared (they load once, with the first widget that needs them) and counted on their own row.
  const targets = [...new Set([...initial].flatMap((name) => page.get(name)?.dynamics ?? []))];
  const brings = new Map(targets.map((target) => [target, [...closure(page, target)].filter((n) => !initial.has(n))]));
  const users = new Map();
  for (const files of brings.values()) for (const name of files) users.set(name, (users.get(name) ?? 0) + 1);
  const widgets = [];
  const shared = new Set();
  for (const [target, files] of brings) {
    const own = files.filter((name) => users.get(name) === 1);
    for (const name of files) if (users.get(name) > 1) shared.add(name);
    // A dynamic import that is not a widget's entry module is a lazy part of the page itself
    // (the fallback's value reader): same per-chunk budget, named as such.
    const entry = page.get(target)?.label;
    widgets.push({
      widget: entry ?? widgetName(page, target),
      lazyPart: entry === undefined,
      gz: sum(page, own, "kit"),
    });
  }
  const total = sum(page, [...page.keys()], "kit");
  // An inbox page: the list and its transport (the widgets it opens load as on a chat page).
  const inboxPage = await bundle(
    `export { HitlInbox } from "hitl-kit/adapters/inbox"; export { createInboxTransport } from "hitl-kit/adapters/inbox/transport";`,
  );
  const inboxEntry = [...inboxPage.keys()].find((name) => inboxPage.get(name).entry);
  const inbox = sum(inboxPage, closure(inboxPage, inboxEntry), "kit");
  return {
    client: sum(client, closure(client, clientEntry)),
    core: sum(core, closure(core, coreEntry)),
    page: sum(page, initial, "kit"),
    widgets,
    shared: sum(page, shared, "kit"),
    patternEngine: sum(page, [...page.keys()], "engine"),
    total,
    inbox,
  };
}

/** A readable name for a widget chunk: the widget folder its entry module comes from. */
function widgetName(outputs, target) {
  return outputs.get(target)?.label ?? target.replace(/-[A-Z0-9]+\.js$/, "");
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const figures = await measure();
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  } else {
    // [label, size, budget, ceiling]
    const rows = [
      [
        "hitl-kit/core: a headless client (createHitlClient + the ledger's selectors)",
        figures.client,
        BUDGETS.client,
        CEILINGS.client,
      ],
      [
        "hitl-kit/core: everything it exports (observer, transport helpers, journal…)",
        figures.core,
        undefined,
        CEILINGS.core,
      ],
      [
        "a chat page before any request (provider, renderer, hook, eve adapter)",
        figures.page,
        BUDGETS.page,
        CEILINGS.page,
      ],
      ...figures.widgets.map((w) => [
        `  ${w.lazyPart ? "lazy part" : "widget"} ${w.widget}: its own chunks`,
        w.gz,
        BUDGETS.widget,
        CEILINGS.widgets[w.widget] ?? BUDGETS.widget,
      ]),
      ["  chunks several widgets share (loaded once, with the first)", figures.shared],
      ["everything together (the pattern engine aside)", figures.total, BUDGETS.total, CEILINGS.total],
      ["  the pattern engine (re2js), loaded only for a form with a pattern", figures.patternEngine],
      [
        "an inbox page before any request (HitlInbox, its transport, @tanstack/react-virtual)",
        figures.inbox,
        undefined,
        CEILINGS.inbox,
      ],
    ];
    const over = rows.filter(([, size, budget]) => budget !== undefined && kB(size) > budget);
    const regressions = rows.filter(([, size, , ceiling]) => ceiling !== undefined && kB(size) > ceiling);
    process.stdout.write("gzip kB (esbuild, minified; react, react-dom, zod, @tanstack/react-query, eve external)\n\n");
    process.stdout.write(`${"".padEnd(86)} ${"kB".padStart(6)}  ${"budget".padEnd(16)} ceiling\n`);
    for (const [label, size, budget, ceiling] of rows) {
      const goal = budget === undefined ? "" : kB(size) > budget ? `✗ over ${budget}` : `✓ ≤ ${budget}`;
      const limit = ceiling === undefined ? "" : kB(size) > ceiling ? `✗ over ${ceiling}` : `≤ ${ceiling}`;
      process.stdout.write(`${label.padEnd(86)} ${kB(size).toFixed(2).padStart(6)}  ${goal.padEnd(16)} ${limit}\n`);
    }
    if (over.length > 0) process.stdout.write(`\n${over.length} over budget (goals not met yet)\n`);
    if (regressions.length > 0) {
      process.stderr.write(`\n✗ ${regressions.length} over ceiling: a regression (see CEILINGS in scripts/size.mjs)\n`);
      process.exit(1);
    }
    process.stdout.write("\n✓ no figure over its ceiling\n");
  }
}
