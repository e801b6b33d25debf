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
beforeAll(async () => {
  if (expect.getState().testPath?.includes("/test/ssr/")) return;
  const { defaultRegistry } = await import("../src/widgets/index");
  await defaultRegistry.preload();
});
