import "@testing-library/jest-dom/vitest";

// jsdom has no ResizeObserver; Radix (radio groups in forms) and the virtualized grid need one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
