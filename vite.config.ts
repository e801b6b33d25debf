/// <reference types="vitest/config" />
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig, type Plugin } from "vite";
import dts from "vite-plugin-dts";
import { chromiumLaunchOptions } from "./test/browser/chromium.js";

/** One entry per public subpath (see package.json `exports`). */
const entries = {
  index: "src/index.tsx",
  core: "src/core/index.ts",
  kinds: "src/kinds/index.ts",
  server: "src/server/index.ts",
  testing: "src/testing/index.ts",
  "adapters/eve": "src/adapters/eve/index.ts",
  "adapters/eve/wire": "src/adapters/eve/wire.ts",
  "adapters/eve/transport": "src/adapters/eve/transport.ts",
  "adapters/mcp": "src/adapters/mcp/index.ts",
  "adapters/mcp/transport": "src/adapters/mcp/transport.ts",
  "adapters/inbox": "src/adapters/inbox/index.ts",
  "adapters/inbox/transport": "src/adapters/inbox/transport.ts",
  "adapters/ai-sdk": "src/adapters/ai-sdk/index.ts",
  "adapters/ai-sdk/transport": "src/adapters/ai-sdk/transport.ts",
  "adapters/assistant-ui": "src/adapters/assistant-ui/index.ts",
  "adapters/ag-ui": "src/adapters/ag-ui/index.ts",
  "adapters/ag-ui/transport": "src/adapters/ag-ui/transport.ts",
  "adapters/langgraph": "src/adapters/langgraph/index.ts",
  "adapters/langgraph/transport": "src/adapters/langgraph/transport.ts",
  "adapters/tanstack-ai": "src/adapters/tanstack-ai/index.ts",
  "adapters/tanstack-ai/transport": "src/adapters/tanstack-ai/transport.ts",
  "adapters/mastra": "src/adapters/mastra/index.ts",
  "adapters/mastra/transport": "src/adapters/mastra/transport.ts",
  widgets: "src/widgets/index.ts",
  "widgets/media-picker": "src/widgets/media-picker/media-picker.entry.ts",
  "widgets/template-picker": "src/widgets/template-picker/template-picker.entry.ts",
  "widgets/aspect-ratio-picker": "src/widgets/aspect-ratio-picker/aspect-ratio-picker.entry.ts",
  "widgets/multi-select": "src/widgets/multi-select/multi-select.entry.ts",
  "widgets/form": "src/widgets/form/form.entry.ts",
  "widgets/approval": "src/widgets/approval/approval.entry.ts",
  "widgets/question": "src/widgets/question/question.entry.ts",
  "widgets/open-url": "src/widgets/open-url/open-url.entry.ts",
  "widgets/questions": "src/widgets/questions/questions.entry.ts",
};

/** Peers and runtime dependencies stay imports; the kit bundles only its own code. */
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^zod($|\/)/,
  /^@radix-ui\//,
  /^@tanstack\//,
  /^eve($|\/)/,
  /^@modelcontextprotocol\//,
  /^re2js$/,
  /^ai($|\/)/,
  /^@ai-sdk\//,
  /^@assistant-ui\//,
  /^@ag-ui\//,
  /^rxjs($|\/)/,
];

/**
 * Bundlers drop module-level directives, but the Next.js App Router needs `"use client"` at the
 * top of each React entry. Re-add it to every output chunk whose entry source starts with it.
 */
function preserveUseClient(): Plugin {
  return {
    name: "hitl-kit:preserve-use-client",
    apply: "build",
    renderChunk(code, chunk) {
      const id = chunk.facadeModuleId;
      if (!id || !/\.(tsx?|jsx?)$/.test(id)) return null;
      if (!/^\s*["']use client["']/.test(readFileSync(id, "utf8"))) return null;
      return { code: `"use client";\n${code.replace(/^\s*["']use client["'];?\s*/, "")}`, map: null };
    },
  };
}

/**
 * Emits `dist/styles.css`: `src/styles.css` with its `@import`s inlined, so users import one
 * file (`hitl-kit/styles.css`) and the JS entries stay free of CSS side effects.
 */
function bundleStyles(): Plugin {
  const inline = (file: string): string =>
    readFileSync(file, "utf8").replace(/^@import\s+["'](.+?)["'];\s*$/gm, (_, path: string) =>
      inline(resolve(dirname(file), path)),
    );
  return {
    name: "hitl-kit:bundle-styles",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "styles.css", source: inline(resolve("src/styles.css")) });
    },
  };
}

/**
 * `hitl-kit/<subpath>` → its source, for modules that import the kit as its users do (the
 * playground's AI SDK route, which the tests call in-process). Same mapping as tsconfig `paths`.
 */
const kitAliases = [
  { find: /^hitl-kit$/, replacement: resolve("src/index.tsx") },
  { find: /^hitl-kit\/adapters\/([a-z-]+)\/transport$/, replacement: resolve("src/adapters/$1/transport.ts") },
  { find: /^hitl-kit\/([a-z-]+)$/, replacement: resolve("src/$1/index.ts") },
];

/**
 * Declarations that resolve under every TypeScript `moduleResolution`: `node16`/`nodenext` (what a
 * Node ESM server importing `hitl-kit/server` uses) need the file a relative import names, with
 * its extension — `./ledger.js`, `./core/index.js` — where `bundler` also takes `./ledger`. The
 * sources keep extensionless imports (as Vite, Vitest and Storybook like them); each emitted
 * `.d.ts` gets its relative specifiers rewritten to the real file, found next to its source, and
 * the build fails on one that names no file (so a broken declaration never ships).
 */
function withExtensions(filePath: string, content: string): { content: string } {
  const sourceDir = resolve("src", relative(resolve("dist"), dirname(filePath)));
  const rewrite = (specifier: string): string => {
    if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier;
    const target = resolve(sourceDir, specifier);
    if (existsSync(`${target}.ts`) || existsSync(`${target}.tsx`)) return `${specifier}.js`;
    if (existsSync(join(target, "index.ts")) || existsSync(join(target, "index.tsx"))) {
      return `${specifier.replace(/\/$/, "")}/index.js`;
    }
    throw new Error(`${filePath}: "${specifier}" names no source file under ${sourceDir}`);
  };
  return {
    content: content.replace(
      /(\bfrom\s*|\bimport\s*\(\s*)(["'])(\.{1,2}(?:\/[^"']*)?)\2/g,
      (_, lead: string, quote: string, specifier: string) => `${lead}${quote}${rewrite(specifier)}${quote}`,
    ),
  };
}

/** What both unit projects share (they differ in environment and files). */
const unitTests = {
  // Vitest's default is one worker less than the cores: one, on a two-core machine, where the
  // run then waits on each file's jsdom and servers in turn. Many files mostly wait (LangGraph's
  // dev server ends a run's stream up to 0.5 s after the run: its stream reader wakes on a 500 ms
  // timeout), so three workers fill the two cores where two kept about 1.5 of them busy. Measured
  // here alone: 2 workers 386 s, 3 295 s, 4 306 s. HITL_UNIT_WORKERS overrides.
  maxWorkers: Number(process.env.HITL_UNIT_WORKERS ?? 3),
  // A hang guard, not a speed check (speed is `npm run bench`'s): on two cores with other work
  // beside the run, tests that take 2–3 s alone took 4.7–5.9 s, past Vitest's 5 s default.
  testTimeout: 15_000,
  exclude: ["test/browser/**", "test/e2e/**", "test/dist/**", "test/eve-agent/**"],
  setupFiles: ["test/setup.ts"],
  globals: true,
};

export default defineConfig({
  resolve: { alias: kitAliases },
  plugins: [
    react(),
    preserveUseClient(),
    bundleStyles(),
    dts({
      tsconfigPath: "./tsconfig.build.json",
      entryRoot: "src",
      include: ["src"],
      exclude: ["**/*.test.*"],
      beforeWriteFile: (filePath, content) => withExtensions(filePath, content),
    }),
  ],
  build: {
    lib: { entry: entries, formats: ["es"] },
    sourcemap: true,
    minify: false,
    rollupOptions: {
      external,
      // One file per source module, side-effect free (package.json `sideEffects`): an app's
      // bundler drops every module it does not use — a chat page that imports the provider and
      // the renderer gets no widget until the registry's dynamic import asks for one.
      output: { preserveModules: true, preserveModulesRoot: "src", entryFileNames: "[name].js" },
    },
  },
  test: {
    // In CI a passing test's console output is left out of the log (a failing test's still prints,
    // under its failure); locally everything prints, so new noise is seen and fixed where it starts.
    // Reporters read this from the root config: it cannot be set for one project.
    silent: process.env.CI ? "passed-only" : false,
    projects: [
      {
        // Component and hook tests (`*.test.tsx`) in jsdom.
        extends: true,
        test: { ...unitTests, name: "unit", environment: "jsdom", include: ["test/**/*.test.tsx"] },
      },
      {
        // Everything else (`*.test.ts`) in Node: no jsdom to set up per file (~1 s each). A `.ts`
        // test that needs a DOM says so in its first line: `// @vitest-environment jsdom`.
        extends: true,
        test: {
          ...unitTests,
          name: "unit-node",
          environment: "node",
          include: ["test/**/*.test.ts"],
          typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./test/tsconfig.type-tests.json" },
        },
      },
      {
        // Checks of the built package (`npm run build` first): subpaths, directives, boundaries.
        test: { name: "dist", environment: "node", include: ["test/dist/**/*.test.ts"], globals: true },
      },
      {
        // A real eve 0.80.1 server (playground/agent, scripted model) driven over HTTP.
        test: {
          name: "eve-agent",
          environment: "node",
          include: ["test/eve-agent/**/*.test.ts"],
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Every story in stories/ as a test in real Chromium: render, play function, axe.
        extends: true,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        test: {
          name: "storybook",
          // A hang guard, not a speed check (Vitest's browser default is 15 s): beside the e2e on two
          // cores the template picker's 10,000-card story took 7.2–10.5 s in three full runs, and
          // 15.4 s — a timeout — in a fourth where every stage ran slower (e2e 901 s against 760).
          testTimeout: 30_000,
          // React's warnings fail the story that causes them, as in the other projects.
          setupFiles: ["test/storybook-setup.ts"],
          // Failure screenshots and attachments stay out of the tree (test-results/ is ignored).
          attachmentsDir: "test-results/vitest-attachments",
          // Each browser project gets its own `browser` object: a shared one mislabels projects.
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: "chromium" }],
            screenshotDirectory: "test-results/browser-screenshots",
          },
        },
      },
      {
        // Real-Chromium tests where layout, focus or axe matter (jsdom cannot tell).
        extends: true,
        // Pre-bundled up front: a dependency discovered mid-run reloads the page with a second React.
        optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react/jsx-dev-runtime"] },
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.tsx"],
          // Failure screenshots and attachments stay out of the tree (test-results/ is ignored).
          attachmentsDir: "test-results/vitest-attachments",
          setupFiles: ["test/setup.ts"],
          globals: true,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: "chromium" }],
            screenshotDirectory: "test-results/browser-screenshots",
          },
        },
      },
    ],
  },
});
