#!/usr/bin/env node
/**
 * The kit in real Chromium (Debian's, as the tests use it): what a person waits for.
 *   - MediaPicker with 10,000 items and TemplatePicker with 2,000: mount (render → the frame that
 *     paints it, and the render + style + layout within it, which the frame wait rounds up to
 *     vsync; on a fresh page, and again once a 12-item picker was shown there, which separates
 *     the page's first-widget costs from what the item count costs), DOM elements in the widget, and a key move (keydown → focus on the next item, and →
 *     the frame after it);
 *   - a request reaching a chat page (`HitlProvider` + `HitlRenderer`, default lazy registry) until
 *     its widget is interactive: cold (the widget's chunk is fetched then) and warm (loaded).
 * The pages (`bench/chromium/*.jsx`) import the BUILT package (run `npm run build` first), bundled
 * by esbuild with code splitting — lazy widget chunks load as in an app — and served over HTTP.
 * A fresh page per run; min / median / max over the runs. Benchmarks, not tests.
 *
 *   node bench/chromium.mjs      (or as part of `npm run bench`)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright";
import { chromiumArgs, chromiumExecutablePath } from "../scripts/chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

/** The flags the test suite launches Chromium with, and its binary. */
const LAUNCH = { executablePath: chromiumExecutablePath, args: chromiumArgs };

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

async function bundlePages(outdir) {
  await build({
    entryPoints: { mount: join(here, "chromium/mount.jsx"), request: join(here, "chromium/request.jsx") },
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    jsx: "automatic",
    outdir,
    define: { "process.env.NODE_ENV": '"production"' },
    loader: { ".css": "empty" },
    // The built package as an app installs it, not the repo's `paths` to the sources.
    tsconfigRaw: "{}",
    logLevel: "error",
  });
  writeFileSync(join(outdir, "styles.css"), readFileSync(join(root, "dist/styles.css")));
  for (const page of ["mount", "request"]) {
    writeFileSync(
      join(outdir, `${page}.html`),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/styles.css">` +
        `<style>body{margin:0;width:1024px}#root{padding:16px}</style></head>` +
        `<body><div id="root"></div><script type="module" src="/${page}.js"></script></body></html>`,
    );
  }
}

function serve(dir) {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url, "http://localhost").pathname).replace(/^\/+/, "");
    try {
      const body = readFileSync(join(dir, path));
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const stats = (samples) => {
  const sorted = samples.filter((n) => n !== null).sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return sorted.length === 0
    ? null
    : { min: round(sorted[0]), median: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted.at(-1)) };
};

/** Every Chromium figure, `runs` fresh pages each. */
export async function measureChromium(runs = 5) {
  const dir = mkdtempSync(join(tmpdir(), "hitl-bench-chromium-"));
  const browser = await chromium.launch(LAUNCH);
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    await bundlePages(dir);
    const fresh = async (page) => {
      const tab = await browser.newPage({ viewport: { width: 1024, height: 800 } });
      const errors = [];
      tab.on("pageerror", (error) => errors.push(error));
      await tab.goto(`${origin}/${page}.html`);
      await tab
        .waitForFunction(() => window.bench !== undefined)
        .catch((timeout) => {
          throw errors[0] ?? timeout;
        });
      return tab;
    };

    const widget = async (kind, count, selector, key = "ArrowRight") => {
      const mounts = [];
      const laidOut = [];
      const warmMounts = [];
      const nodes = [];
      const moves = [];
      const frames = [];
      for (let run = 0; run < runs; run++) {
        const tab = await fresh("mount");
        const mounted = await tab.evaluate(([k, n]) => window.bench.mount(k, n), [kind, count]);
        mounts.push(mounted.ms);
        laidOut.push(mounted.laidOutMs);
        nodes.push(mounted.nodes);
        const move = await tab.evaluate(([s, k]) => window.bench.keyMoves(s, k, 20), [selector, key]);
        moves.push(move.focusMs);
        frames.push(move.frameMs);
        await tab.close();
        const again = await fresh("mount");
        warmMounts.push((await again.evaluate(([k, n]) => window.bench.mountAfterSmall(k, n), [kind, count])).ms);
        await again.close();
      }
      return {
        items: count,
        mountMs: stats(mounts),
        renderAndLayoutMs: stats(laidOut),
        afterSmallMountMs: stats(warmMounts),
        domNodes: stats(nodes),
        keyMoveMs: stats(moves),
        keyMoveToFrameMs: stats(frames),
      };
    };

    const media = await widget("media", 10_000, '[role="option"][tabindex="0"]');
    const template = await widget("template", 2_000, 'input[type="radio"]');
    const firstGroup = 'input[type="checkbox"][tabindex="0"]';
    const questions = await widget("questions", 16, firstGroup, "ArrowDown");
    const widestQuestions = await widget("questions", 2_000, firstGroup, "ArrowDown");

    const cold = [];
    const coldAlone = [];
    const warm = [];
    for (let run = 0; run < runs; run++) {
      const tab = await fresh("request");
      cold.push(await tab.evaluate(() => window.bench.ask(0, true)));
      warm.push(await tab.evaluate(() => window.bench.ask(1, true)));
      await tab.close();
      const alone = await fresh("request");
      coldAlone.push(await alone.evaluate(() => window.bench.ask(0, false)));
      await alone.close();
    }
    return {
      mediaPicker: media,
      templatePicker: template,
      questions,
      widestQuestions,
      requestToInteractive: { coldMs: stats(cold), coldWithoutEarlySignMs: stats(coldAlone), warmMs: stats(warm) },
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows `npm run bench` prints (and the goals from the issue beside them). */
export function chromiumRows(figures) {
  const range = (s, unit = "") => (s ? `${s.min} / ${s.median} / ${s.max}${unit}` : "—");
  const { mediaPicker: m, templatePicker: t, questions: q, widestQuestions: w, requestToInteractive: r } = figures;
  return [
    { what: `MediaPicker, ${m.items.toLocaleString("en")} items: mount ms`, value: range(m.mountMs), goal: "≤ 50" },
    { what: "  of which render + style + layout ms (no frame wait)", value: range(m.renderAndLayoutMs), goal: "" },
    { what: "  mount ms, once a 12-item picker was shown on the page", value: range(m.afterSmallMountMs), goal: "" },
    { what: "  DOM elements", value: range(m.domNodes), goal: "≤ 600" },
    { what: "  key move: keydown → focus moved ms (median of 20)", value: range(m.keyMoveMs), goal: "≤ 16" },
    { what: "  key move: keydown → next frame ms", value: range(m.keyMoveToFrameMs), goal: "" },
    { what: `TemplatePicker, ${t.items.toLocaleString("en")} templates: mount ms`, value: range(t.mountMs), goal: "" },
    { what: "  of which render + style + layout ms (no frame wait)", value: range(t.renderAndLayoutMs), goal: "" },
    { what: "  mount ms, once a 12-item picker was shown on the page", value: range(t.afterSmallMountMs), goal: "" },
    { what: "  DOM elements", value: range(t.domNodes), goal: "" },
    { what: "  key move: keydown → focus moved ms (median of 20)", value: range(t.keyMoveMs), goal: "" },
    { what: "  key move: keydown → next frame ms", value: range(t.keyMoveToFrameMs), goal: "" },
    ...(q && w
      ? [
          { what: "Questions, 4 questions × 4 options: mount ms", value: range(q.mountMs), goal: "" },
          { what: "  mount ms, once a small set was shown on the page", value: range(q.afterSmallMountMs), goal: "" },
          { what: "  key move in a group: keydown → focus moved ms", value: range(q.keyMoveMs), goal: "≤ 16" },
          { what: "Questions, the widest set (20 × 100 options): mount ms", value: range(w.mountMs), goal: "" },
          { what: "  DOM elements", value: range(w.domNodes), goal: "" },
          { what: "  key move in a group: keydown → focus moved ms", value: range(w.keyMoveMs), goal: "≤ 16" },
        ]
      : []),
    {
      what: "input.requested → interactive, cold (eve's events at eve's pace: prefetched) ms",
      value: range(r.coldMs),
      goal: "≤ 50 (median)",
    },
    {
      what: "input.requested → interactive, cold, the request alone (chunk fetched then) ms",
      value: range(r.coldWithoutEarlySignMs),
      goal: "",
    },
    { what: "input.requested → interactive, warm ms", value: range(r.warmMs), goal: "" },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const figures = await measureChromium(runs);
  process.stdout.write(`Chromium (min / median / max over ${runs} fresh pages)\n`);
  console.table(chromiumRows(figures).map((row) => ({ "": row.what, value: row.value, goal: row.goal })));
}
