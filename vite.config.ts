/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import dts from "vite-plugin-dts";

/** One entry per public subpath (see package.json `exports`). */
const entries = {
  index: "src/index.ts",
  core: "src/core/index.ts",
  kinds: "src/kinds/index.ts",
  server: "src/server/index.ts",
  testing: "src/testing/index.ts",
  "adapters/eve": "src/adapters/eve/index.ts",
};

/** Peers and runtime dependencies stay imports; the kit bundles only its own code. */
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^zod($|\/)/,
  /^radix-ui($|\/)/,
  /^@radix-ui\//,
  /^@tanstack\//,
  /^eve($|\/)/,
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

export default defineConfig({
  plugins: [
    react(),
    preserveUseClient(),
    dts({ tsconfigPath: "./tsconfig.build.json", entryRoot: "src", include: ["src"], exclude: ["**/*.test.*"] }),
  ],
  build: {
    lib: { entry: entries, formats: ["es"] },
    sourcemap: true,
    minify: false,
    rollupOptions: {
      external,
      output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/browser/**", "test/e2e/**"],
          setupFiles: ["test/setup.ts"],
          globals: true,
          typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
        },
      },
    ],
  },
});
