import { formatIssues, type HitlIssue } from "../core/issues";
import { type AnyKind, parseRequest, type RequestOf, type ResponseOf } from "../kinds/define-kind";
import { MAX_PROMPT_LENGTH } from "../kinds/limits";
import { readToolOutput } from "./ai-sdk";
import type { PickerResult } from "./picker";

/**
 * The graph's half of the LangGraph adapter (`hitl-kit/adapters/langgraph`): a node asks a
 * person through a kind's widget with LangGraph's own `interrupt`, and reads the resume value
 * back as the same typed result as every other transport. No LangGraph import:
 *
 *   const question = interruptFor(mediaKind, { items }, { prompt: "Which image?" });
 *   const answer = readResume(mediaKind, question, interrupt(question));
 *   if (answer.status === "answered") … answer.value.ids …
 *
 * Remember that LangGraph runs the node again from its start when it resumes: build the
 * question from the state (deterministically), as here, and do side effects after the read.
 */

/** What a node passes to `interrupt(…)`: the kit's hint (`ui`, parsed by the kind) and the question. */
export interface InterruptQuestion<Req> {
  readonly ui: Req;
  readonly prompt: string;
}

/** The kind's request payload as a node writes it: `kind` may be left out (it is the kind's). */
export type InterruptUi<D extends AnyKind> = Omit<RequestOf<D>, "kind"> & { readonly kind?: D["kind"] };

/** The `ui` a node passed is not a valid request of its kind (a bug in the node, or model-written data). */
export class InterruptQuestionError extends Error {
  override readonly name = "InterruptQuestionError";
  constructor(readonly issues: readonly HitlIssue[]) {
    super(`The question could not be asked:\n${formatIssues(issues)}`);
  }
}

/**
 * The interrupt value for a question of `kind`: `{ ui, prompt }`, where `ui` is parsed by the
 * kind (so the widget gets what it expects, and `readResume` can check the answer against it).
 * Throws `InterruptQuestionError` with the issues when `ui` is not a valid request — a node that
 * asks with model-written data can catch it and hand the issues back to the model.
 */
export function interruptFor<D extends AnyKind>(
  kind: D,
  ui: InterruptUi<D>,
  options: { readonly prompt?: string } = {},
): InterruptQuestion<RequestOf<D>> {
  const parsed = parseRequest(kind, { ...ui, kind: ui.kind ?? kind.kind });
  if (!parsed.ok)
    throw new InterruptQuestionError(parsed.issues.map((issue) => ({ ...issue, path: ["ui", ...issue.path] })));
  const prompt = options.prompt ?? "";
  if (prompt.length > MAX_PROMPT_LENGTH) {
    throw new InterruptQuestionError([
      { path: ["prompt"], message: `Must be at most ${MAX_PROMPT_LENGTH} characters` },
    ]);
  }
  return { ui: parsed.value, prompt };
}

/**
 * What `interrupt(…)` returned — the resume value a client sent — read as the typed result:
 * the kind's value (validated by its schema and cross-checked against the request), or a
 * decline, a reply in the person's own words, a dismissal. `request` is the question
 * `interruptFor` built (or its `ui`). The resume value is untrusted input (anyone who can reach
 * the thread can resume it): anything malformed comes back as `invalid`, never thrown, so the
 * node can ask again.
 */
export function readResume<D extends AnyKind>(
  kind: D,
  request: InterruptQuestion<RequestOf<D>> | RequestOf<D>,
  resume: unknown,
): PickerResult<ResponseOf<D>> {
  const ui = isQuestion(request) ? request.ui : request;
  return readToolOutput(kind, ui as RequestOf<D>, resume);
}

function isQuestion<Req>(value: InterruptQuestion<Req> | Req): value is InterruptQuestion<Req> {
  return (
    typeof value === "object" &&
    value !== null &&
    "ui" in value &&
    "prompt" in value &&
    !("kind" in value && typeof (value as { kind?: unknown }).kind === "string")
  );
}
