#!/usr/bin/env node
/**
 * Proves that two builds of the Storybook catalog LOOK the same, in light and dark: every story
 * of `index.json` (type "story") is opened in each theme in both builds, a full-page screenshot
 * and a dump of every element's computed visual style are taken, and the two builds' are compared
 * (screenshots pixel for pixel, style dumps property for property).
 *
 *   npm run build-storybook -- --output-dir /tmp/base      (on the base commit)
 *   npm run build-storybook -- --output-dir /tmp/head      (on the head commit)
 *   node scripts/compare-look.mjs /tmp/base /tmp/head [--filter <text>] [--out <dir>]
 *
 *   --filter <text>   only the stories whose id contains <text>
 *   --out <dir>       where the screenshots of differing stories go (default: a new temp dir)
 *
 * Prints one row per story and theme; exits 1 if anything differs (or a story is in one build
 * only), 0 if everything is the same. Each directory is served by a tiny static server on a free
 * port; requests that leave localhost are refused, animations and transitions are off, the
 * viewport is fixed, so a build compared with itself comes out all same.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { chromium } from "playwright";
import { chromiumArgs, chromiumExecutablePath } from "./chromium.mjs";

const require = createRequire(import.meta.url);
/** pngjs when it is installed (to tell "same pixels, other bytes" apart); bytes otherwise. */
const PNG = (() => {
  try {
    return require("pngjs").PNG;
  } catch {
    return undefined;
  }
})();

const THEMES = ["light", "dark"];
const VIEWPORT = { width: 1024, height: 768 };
const RENDER_TIMEOUT = 20_000;
const SETTLE_MS = 150;
const NO_MOTION =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";

/** The computed properties compared, per element (and its ::before/::after when they have content). */
const PROPERTIES = [
  "display",
  "position",
  "top",
  "right",
  "bottom",
  "left",
  "z-index",
  "box-sizing",
  "width",
  "height",
  "min-width",
  "min-height",
  "max-width",
  "max-height",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-top-style",
  "border-right-style",
  "border-bottom-style",
  "border-left-style",
  "border-top-color",
  "border-right-color",
  "border-bottom-color",
  "border-left-color",
  "border-top-left-radius",
  "border-top-right-radius",
  "border-bottom-right-radius",
  "border-bottom-left-radius",
  "outline-style",
  "outline-width",
  "outline-color",
  "outline-offset",
  "box-shadow",
  "color",
  "background-color",
  "background-image",
  "background-size",
  "background-position",
  "opacity",
  "visibility",
  "overflow-x",
  "overflow-y",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-decoration-line",
  "text-transform",
  "text-overflow",
  "white-space",
  "word-break",
  "overflow-wrap",
  "vertical-align",
  "list-style-type",
  "flex-direction",
  "flex-wrap",
  "flex-grow",
  "flex-shrink",
  "flex-basis",
  "align-items",
  "align-self",
  "justify-content",
  "justify-items",
  "gap",
  "row-gap",
  "column-gap",
  "grid-template-columns",
  "grid-template-rows",
  "grid-auto-flow",
  "grid-auto-rows",
  "grid-column-start",
  "grid-column-end",
  "aspect-ratio",
  "object-fit",
  "transform",
  "filter",
  "cursor",
  "pointer-events",
  "accent-color",
  "fill",
  "stroke",
  "resize",
  "appearance",
  "content",
];

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

function usage(message) {
  if (message) console.error(message);
  console.error("usage: node scripts/compare-look.mjs <baseDir> <headDir> [--filter <text>] [--out <dir>]");
  process.exit(2);
}

function parseArgs(argv) {
  const dirs = [];
  const options = { filter: "", out: "" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--filter" || arg === "--out") {
      if (argv[i + 1] === undefined) usage(`${arg} needs a value`);
      options[arg.slice(2)] = argv[++i];
    } else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else dirs.push(resolve(arg));
  }
  if (dirs.length !== 2) usage();
  for (const dir of dirs) {
    if (!existsSync(join(dir, "index.json")) || !existsSync(join(dir, "iframe.html"))) {
      usage(`${dir}: not a built Storybook (no index.json / iframe.html)`);
    }
  }
  return { base: dirs[0], head: dirs[1], ...options };
}

/** The ids of the stories (not docs) of a built Storybook, in index order. */
function storyIds(dir) {
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
  return Object.values(index.entries ?? index.stories ?? {})
    .filter((entry) => entry.type === "story")
    .map((entry) => entry.id);
}

/** Serves `dir` on 127.0.0.1 at a free port; resolves to { url, close }. */
function serve(dir) {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = normalize(join(dir, pathname));
    if (file !== dir && !file.startsWith(dir + sep)) {
      response.writeHead(403).end();
      return;
    }
    if (pathname.endsWith("/")) file = join(file, "index.html");
    let body;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response
      .writeHead(200, {
        "content-type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
        "cache-control": "no-store",
      })
      .end(body);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      done({ url: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => server.close(closed)) });
    });
  });
}

/**
 * Runs in the page: every element of the body that is not Storybook's own chrome, as
 * { key, styles } in document order (key = a path of tag, data-slot and sibling index).
 */
function dumpStyles(properties) {
  const chrome =
    ".sb-wrapper, .sb-preparing-story, .sb-preparing-docs, .sb-nopreview, .sb-errordisplay, #storybook-docs";
  const skipped = new Set(["SCRIPT", "STYLE", "LINK", "META", "NOSCRIPT", "TEMPLATE"]);
  const name = (element) => {
    const slot = element.getAttribute("data-slot");
    const index = element.parentElement ? [...element.parentElement.children].indexOf(element) : 0;
    return `${element.localName}${element.id === "storybook-root" ? "#storybook-root" : ""}${slot ? `[data-slot=${slot}]` : ""}:${index}`;
  };
  const pick = (style) => {
    const values = {};
    for (const property of properties) values[property] = style.getPropertyValue(property);
    return values;
  };
  const out = [];
  const walk = (element, path) => {
    if (skipped.has(element.tagName) || element.matches(chrome)) return;
    const key = `${path} > ${name(element)}`;
    out.push({ key, styles: pick(getComputedStyle(element)) });
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      const content = style.getPropertyValue("content");
      if (content && content !== "none" && content !== "normal")
        out.push({ key: `${key}${pseudo}`, styles: pick(style) });
    }
    for (const child of element.children) walk(child, key);
  };
  walk(document.body, "html");
  return out;
}

/** Waits for the network, fonts, images and two frames to be done, then a short settle. */
async function settle(page) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((done) => {
              image.addEventListener("load", done, { once: true });
              image.addEventListener("error", done, { once: true });
            }),
        ),
    );
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await page.waitForTimeout(SETTLE_MS);
}

/**
 * Opens one story in one theme and returns { phase, png, styles }. The page is shot whole by
 * growing the viewport to the page's height first (and settling again), not with Playwright's
 * `fullPage`: that resizes the page while it shoots, so resize observers (the virtualized lists)
 * re-measure mid-shot, and the style dump would not be of the page that was shot.
 */
async function capture(page, baseUrl, id, theme) {
  const url = `${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=theme:${theme}`;
  await page.setViewportSize(VIEWPORT);
  await page.goto(url, { waitUntil: "load" });
  // The story has rendered and its play function (which visiting iframe.html runs) has ended.
  let phase = "timeout";
  try {
    const handle = await page.waitForFunction(
      () => {
        const render = window.__STORYBOOK_PREVIEW__?.currentRender;
        const root = document.getElementById("storybook-root");
        const phase = render?.phase;
        if (phase === "errored" || phase === "aborted") return phase;
        if (phase === "finished" && root && root.childElementCount > 0) return phase;
        if (document.querySelector(".sb-show-errordisplay")) return "error-display";
        return false;
      },
      undefined,
      { timeout: RENDER_TIMEOUT, polling: 50 },
    );
    phase = await handle.jsonValue();
  } catch {
    // Reported as "timeout"; the page is still captured as it is.
  }
  await settle(page);
  for (let round = 0; round < 4; round++) {
    const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    const wanted = Math.max(VIEWPORT.height, height);
    if (wanted === page.viewportSize()?.height) break;
    await page.setViewportSize({ width: VIEWPORT.width, height: wanted });
    await settle(page);
  }
  const styles = await page.evaluate(dumpStyles, PROPERTIES);
  const png = await page.screenshot({ animations: "disabled", caret: "hide" });
  return { phase, png, styles };
}

/** "same", or what differs between two PNG screenshots. */
function comparePng(a, b) {
  if (a.equals(b)) return "same";
  if (!PNG) return "bytes differ";
  const x = PNG.sync.read(a);
  const y = PNG.sync.read(b);
  if (x.width !== y.width || x.height !== y.height) return `size ${x.width}x${x.height} vs ${y.width}x${y.height}`;
  let pixels = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (
      x.data[i] !== y.data[i] ||
      x.data[i + 1] !== y.data[i + 1] ||
      x.data[i + 2] !== y.data[i + 2] ||
      x.data[i + 3] !== y.data[i + 3]
    ) {
      pixels++;
    }
  }
  return pixels === 0 ? "same" : `${pixels} px differ`;
}

/** null when the dumps are equal, else the first difference as a sentence. */
function compareStyles(a, b) {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || x.key !== y.key) {
      return {
        count: Math.abs(a.length - b.length),
        first: `element #${i}: ${x?.key ?? "(none)"} vs ${y?.key ?? "(none)"}`,
      };
    }
  }
  let count = 0;
  let first = null;
  for (let i = 0; i < length; i++) {
    for (const property of PROPERTIES) {
      if (a[i].styles[property] !== b[i].styles[property]) {
        count++;
        first ??= `${a[i].key} { ${property}: ${a[i].styles[property]} -> ${b[i].styles[property]} }`;
      }
    }
  }
  return first ? { count, first } : null;
}

async function main() {
  const { base, head, filter, out: outOption } = parseArgs(process.argv.slice(2));
  const baseIds = storyIds(base);
  const headIds = storyIds(head);
  const headSet = new Set(headIds);
  const baseSet = new Set(baseIds);
  const ids = [...baseIds, ...headIds.filter((id) => !baseSet.has(id))].filter((id) => id.includes(filter));

  const servers = await Promise.all([serve(base), serve(head)]);
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: [
      ...chromiumArgs,
      "--font-render-hinting=none",
      "--force-color-profile=srgb",
      // One raster thread, whole tiles: else an anti-aliased rounded corner comes out a shade
      // apart from one run to the next.
      "--disable-partial-raster",
      "--num-raster-threads=1",
      "--disable-skia-runtime-opts",
      "--disable-lcd-text",
      "--disable-threaded-animation",
      "--disable-threaded-scrolling",
      "--disable-checker-imaging",
    ],
  });
  const pages = await Promise.all(
    servers.map(async ({ url }) => {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
        colorScheme: "light",
        locale: "en-US",
        timezoneId: "UTC",
      });
      // Nothing but the served build: a request elsewhere fails the same way in both builds.
      await context.route(
        (target) =>
          !target.href.startsWith(`${url}/`) &&
          !target.protocol.startsWith("data") &&
          !target.protocol.startsWith("blob"),
        (route) => route.abort(),
      );
      await context.addInitScript((css) => {
        const add = () => {
          const style = document.createElement("style");
          style.setAttribute("data-compare-look", "");
          style.textContent = css;
          (document.head ?? document.documentElement).append(style);
        };
        if (document.documentElement) add();
        else document.addEventListener("DOMContentLoaded", add, { once: true });
      }, NO_MOTION);
      return context.newPage();
    }),
  );

  const out = outOption ? resolve(outOption) : mkdtempSync(join(tmpdir(), "compare-look-"));
  const rows = [];
  let differing = 0;
  try {
    for (const id of ids) {
      for (const theme of THEMES) {
        if (!baseSet.has(id) || !headSet.has(id)) {
          rows.push([id, theme, "-", "-", `only in ${baseSet.has(id) ? "base" : "head"}`]);
          differing++;
          continue;
        }
        const [a, b] = await Promise.all([
          capture(pages[0], servers[0].url, id, theme),
          capture(pages[1], servers[1].url, id, theme),
        ]);
        const shot = comparePng(a.png, b.png);
        const styles = compareStyles(a.styles, b.styles);
        const notes = [];
        if (a.phase !== "finished" || b.phase !== "finished") notes.push(`render: ${a.phase} vs ${b.phase}`);
        if (styles) notes.push(`${styles.first}${styles.count > 1 ? ` (+${styles.count - 1} more)` : ""}`);
        const same = shot === "same" && !styles && a.phase === b.phase;
        if (!same) {
          differing++;
          mkdirSync(out, { recursive: true });
          writeFileSync(join(out, `${id}.${theme}.base.png`), a.png);
          writeFileSync(join(out, `${id}.${theme}.head.png`), b.png);
          writeFileSync(
            join(out, `${id}.${theme}.styles.json`),
            JSON.stringify({ base: a.styles, head: b.styles }, null, 1),
          );
        }
        rows.push([id, theme, shot === "same" ? "same" : `DIFF (${shot})`, styles ? "DIFF" : "same", notes.join("; ")]);
        process.stderr.write(same ? "." : "x");
      }
    }
  } finally {
    process.stderr.write("\n");
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }

  const header = ["story", "theme", "screenshot", "styles", "first difference"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join(" | ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width, column) => "-".repeat(column === widths.length - 1 ? 16 : width)).join("-|-"));
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${rows.length} comparisons (${ids.length} stories x ${THEMES.length} themes): ${rows.length - differing} same, ${differing} differ`,
  );
  if (differing > 0) {
    console.log(`screenshots and style dumps of the differing ones: ${out}`);
    process.exitCode = 1;
  }
}

await main();
