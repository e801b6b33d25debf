// The kit's layers, checked by `npm run lint` (and so by CI): a rule broken here is a build error.
//
//   core  <  kinds  <  wire  <  adapters/*   (each adapter on its own)
//                      react <  widgets
//   server: core, kinds, wire and the adapters' server-side codecs; never React.
//   testing and the package's root index may use anything.
//
// Lower layers never import higher ones, and no adapter imports another: what two adapters share
// is protocol code, and lives in `src/wire/`. Type-only imports count (`tsPreCompilationDeps`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "adapter-imports-adapter",
      comment:
        "An adapter imports another adapter: move what they share into src/wire/. " +
        "(assistant-ui is the AI SDK adapter bound to assistant-ui's runtime, so it builds on ai-sdk.)",
      severity: "error",
      from: { path: "^src/adapters/([^/]+)/", pathNot: "^src/adapters/assistant-ui/" },
      to: { path: "^src/adapters/", pathNot: "^src/adapters/$1/" },
    },
    {
      name: "assistant-ui-beyond-ai-sdk",
      comment: "assistant-ui builds on the AI SDK adapter only.",
      severity: "error",
      from: { path: "^src/adapters/assistant-ui/" },
      to: { path: "^src/adapters/", pathNot: "^src/adapters/(assistant-ui|ai-sdk)/" },
    },
    {
      name: "core-imports-higher",
      comment: "core is the bottom layer: framework-free, kind-agnostic.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/", pathNot: "^src/core/" },
    },
    {
      name: "kinds-imports-higher",
      severity: "error",
      from: { path: "^src/kinds/" },
      to: { path: "^src/", pathNot: "^src/(core|kinds)/" },
    },
    {
      name: "wire-imports-higher",
      comment: "wire is protocol code shared by adapters and server helpers: pure, no React, no adapter.",
      severity: "error",
      from: { path: "^src/wire/" },
      to: { path: "^src/", pathNot: "^src/(core|kinds|wire)/" },
    },
    {
      name: "react-imports-higher",
      comment: "react is the thin binding over core: it knows no widget, adapter or wire format.",
      severity: "error",
      from: { path: "^src/react/" },
      to: { path: "^src/", pathNot: "^src/(core|kinds|react)/" },
    },
    {
      name: "widgets-import-higher",
      severity: "error",
      from: { path: "^src/widgets/" },
      to: { path: "^src/", pathNot: "^src/(core|kinds|react|widgets)/" },
    },
    {
      name: "server-imports-react",
      comment: "server helpers run where no React is.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/(react|widgets|testing)/" },
    },
    {
      name: "adapter-imports-server-or-testing",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: "^src/(server|testing)/" },
    },
    {
      name: "src-imports-outside",
      comment: "The package's source never reaches into tests, stories or the playground.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(test|stories|playground|bench|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
