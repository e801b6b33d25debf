import { afterAll, afterEach, beforeEach } from "vitest";

// ─── React's warnings fail the test that causes them ─────────────────────────────────────────────
//
// A React warning (an update outside act(...), a missing key, a setState during another
// component's render, an invalid DOM prop…) is a bug in the test or in the kit: it fails the test
// that logged it, with the messages, instead of scrolling past in a passing run. React 19 logs
// them through console.error (a few through console.warn) with no "Warning:" prefix, so a call
// counts as React's when React's own code made it, or when its text is one of React's. A test
// that causes one on purpose mocks the console for itself
// (`vi.spyOn(console, "error").mockImplementation(…)`) and asserts what it got.

/**
 * React's own files as Node loads them (the unit project). In the browser project React sits in
 * Vite's pre-bundled chunks, whose names say nothing: there React's texts alone count.
 */
const reactFrame = /node_modules\/(?:react|react-dom|scheduler)\//;
const reactMessages = [
  /^Warning: /,
  /not wrapped in act\(/,
  /testing environment is not configured to support act/,
  /You called act\(async \(\) => \.\.\.\) without await/,
  /overlapping act\(\) calls/,
  /inside an `act` scope, but the `act` call was not awaited/,
  /Each child in a list should have a unique "key" prop/,
  /Encountered two children with the same key/,
  /Cannot update a component .* while rendering a different component/,
  /Can't perform a React state update/,
  /Maximum update depth exceeded/,
  /The result of getSnapshot should be cached/,
  /React does not recognize the `.*` prop on a DOM element/,
  /A component is changing an? (?:un)?controlled input/,
  /React has detected a change in the order of Hooks/,
  /cannot be a (?:child|descendant) of <|cannot contain a nested/,
];

/** `console.error("An update to %s inside…", "Widget")` as the text it prints. */
function formatConsoleArgs(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== "string") return args.map((arg) => String(arg)).join(" ");
  const text = first.replace(/%[sdifoOc%]/g, (token) => {
    if (token === "%%") return "%";
    const arg = rest.shift();
    return token === "%c" ? "" : typeof arg === "object" && arg !== null ? safeJson(arg) : String(arg);
  });
  return [text, ...rest.map((arg) => String(arg))].join(" ");
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Whether a console call is React's: one of its texts, or its first caller frame is React's. */
function isReactWarning(text: string, stack: string | undefined): boolean {
  if (reactMessages.some((pattern) => pattern.test(text))) return true;
  // stack: "Error", this file's wrapper, a spy's frames if a test spies on the console, the caller.
  const frames = stack?.split("\n").slice(2) ?? [];
  const caller = frames.find((frame) => !/node_modules\/(?:tinyspy|@vitest\/spy)\//.test(frame)) ?? "";
  return reactFrame.test(caller);
}

/**
 * Warnings a project tolerates, each with its reason: printed as they are, not failing a test.
 * Set before this file loads (`test/storybook-setup.ts`); empty everywhere else.
 */
const tolerated: readonly RegExp[] =
  (globalThis as { __hitlToleratedReactWarnings?: readonly RegExp[] }).__hitlToleratedReactWarnings ?? [];

const reactWarnings: string[] = [];
let suiteOver = false;

/** The first frame of the kit's or the tests' code under the warning: where to look. */
function originOf(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split("\n")
    .slice(2)
    .find((line) => /^\s+at /.test(line) && !/node_modules|node:internal|\/test\/setup\.ts/.test(line));
  return frame?.trim().replace(/^at /, "");
}

/** Wraps `console.error`/`console.warn`: React's warnings are kept for the check, the rest goes on. */
function checked(level: "error" | "warn", original: (...args: unknown[]) => void) {
  return function reactWarningCheck(...args: unknown[]) {
    const text = formatConsoleArgs(args);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const stack = new Error().stack;
    Error.stackTraceLimit = limit;
    if (!suiteOver && isReactWarning(text, stack) && !tolerated.some((pattern) => pattern.test(text))) {
      const origin = originOf(stack);
      reactWarnings.push(`console.${level}: ${text}${origin ? `\n  ↳ from ${origin}` : ""}`);
      return;
    }
    original.apply(console, args);
  };
}
console.error = checked("error", console.error);
console.warn = checked("warn", console.warn);

/** React's paragraph after every act warning: the link says the same in one line. */
const actAdvice =
  /\n\nWhen testing, code that causes React state updates should be wrapped into act\(\.\.\.\):[\s\S]*?(https:\/\/react\.dev\/link\/wrap-tests-with-act)/;

function failOnReactWarnings(when: string) {
  if (reactWarnings.length === 0) return;
  const counts = new Map<string, number>();
  for (const warning of reactWarnings.splice(0)) {
    const short = warning.replace(actAdvice, " ($1)");
    counts.set(short, (counts.get(short) ?? 0) + 1);
  }
  const list = [...counts].map(([warning, count]) => (count > 1 ? `(${count}×) ${warning}` : warning));
  throw new Error(
    `React warned ${when} (fix the cause; a test that means to cause one spies on console):\n\n${list.join("\n\n")}`,
  );
}

beforeEach(() => {
  // Warnings between two tests (a timer of the previous one) belong to neither: report them apart.
  failOnReactWarnings("between tests");
});
afterEach(() => {
  failOnReactWarnings("during this test");
});
afterAll(() => {
  failOnReactWarnings("after the last test of this file");
  suiteOver = true;
});
