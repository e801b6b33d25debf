import "@testing-library/jest-dom/vitest";

// jsdom has no ResizeObserver; the virtualized collections need one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The built-in widgets load on first use (a page pays for none before a request arrives). Tests
// of a widget's behaviour start with them loaded; `test/react/lazy-widgets.test.tsx` tests the
// loading itself on registries of its own, and `test/ssr` renders on a cold server.
// Forms with patterns load their engine on first use as well: tests start with it loaded, except
// the pattern-engine tests (kinds, MCP), which test that loading.
beforeAll(async () => {
  const path = expect.getState().testPath ?? "";
  if (path.includes("/test/ssr/")) return;
  // The widgets entry holds every widget's module and the fallback's: loaded here, a lazy load in
  // a test (the renderer's fallback included) resolves within one act().
  const [{ defaultRegistry }] = await Promise.all([
    import("../src/widgets/default-registry"),
    import("../src/widgets/index"),
  ]);
  await defaultRegistry.preload();
  if (/pattern-engine\.test\./.test(path)) return;
  const { loadPatternEngine } = await import("../src/kinds/pattern-engine");
  await loadPatternEngine();
});

// React's warnings fail the test that causes them (the storybook project loads the same file).
import "./react-warnings";
