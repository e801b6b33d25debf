/** How much of a streaming tool input is searched for its kind (a `ui` written first is found at once). */
const SNIFF_LIMIT = 64 * 1024;
const KIND = /"kind"\s*:\s*"([a-z][a-z0-9.-]{0,99})"/i;

/**
 * The kind a tool call's input names in `ui.kind`, read from the JSON text while it still streams
 * (`{"prompt":"…","ui":{"kind":"media",…` is enough): the earliest sign of which widget a request
 * will need, so its chunk can start loading before the request parks. A guess, never trusted:
 * the request itself is parsed when it parks. `undefined` until the kind has streamed in.
 */
export function sniffKind(partialInput: string): string | undefined {
  // From the first `"ui"` on, with a pattern that matches in linear time: the text is model-written.
  const ui = partialInput.indexOf('"ui"');
  return ui < 0 || ui >= SNIFF_LIMIT ? undefined : KIND.exec(partialInput.slice(ui, SNIFF_LIMIT))?.[1];
}
