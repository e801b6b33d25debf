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

// `findBy…` and `waitFor` give up after 5 s, not Testing Library's 1 s: CI runs the stories beside
// the e2e on two cores, where a search answered by a loader (media-picker's RemoteLibrary) and a
// windowed list scrolled end to end (inbox's Many) have each failed a run at the default second.
// A story that fails still fails, a few seconds later.
const { configure } = await import("storybook/test");
configure({ asyncUtilTimeout: 5_000 });

export {};
