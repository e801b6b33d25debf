/**
 * The kinds and widgets every story renders with (a story can pass another through
 * `parameters.hitl.registry`), and the renderer's fallback for unknown kinds, invalid payloads and
 * widgets that throw. Both are the package's own defaults.
 */
export { defaultRegistry as storyRegistry } from "../../src/widgets/default-registry";
export { Fallback as StoryFallback } from "../../src/widgets/index";
