// The storybook project's setup: React's warnings fail the story that causes them, as in the
// unit and browser projects — all but one, tolerated here with its reason.
//
// Storybook's React renderer wraps each play function's user events in its own synchronous
// `act` (@storybook/react's act-compat). When an event leads to a render that waits on a promise
// (a widget or the fallback's value reader loading on demand), React reports "A component
// suspended inside an `act` scope, but the `act` call was not awaited": the await is Storybook's
// to make, not a story's (storybookjs/storybook#34708 is the same wrapper's scoping). The
// stories still wait for what the person sees (findBy…), so nothing they assert depends on it.
(globalThis as { __hitlToleratedReactWarnings?: readonly RegExp[] }).__hitlToleratedReactWarnings = [
  /A component suspended inside an `act` scope, but the `act` call was not awaited/,
];
await import("./react-warnings");

export {};
