/** The kit's development warnings: `[hitl-kit] …` (the provider's onError) and `hitl-kit: …` (a widget). */
const kitWarning = /^\[?hitl-kit\]?[: ]/;

/**
 * For a test that makes the kit warn on purpose (a failed send, a request shown as the fallback):
 * the kit's warnings stay off the log for this test and are returned, in order, for the test to
 * assert on. Any other `console.warn` goes through as before (and React's still fail the test).
 */
export function captureKitWarnings(): () => string[] {
  const original = console.warn;
  const captured: string[] = [];
  const spy = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
    if (kitWarning.test(text)) captured.push(text);
    else original.apply(console, args);
  });
  onTestFinished(() => spy.mockRestore());
  return () => [...captured];
}
