import type { AnswerBody } from "../../core/answer";
import type { ParkedRequestInit } from "../../core/model";
import type { FormField, FormValues } from "../../kinds/form";
import { type ApprovalDecisionName, approvalDecision } from "../../kinds/native";
import { editedInput, editStep } from "../../wire/edit-step";
import type { SchemaReading } from "../../wire/form-schema";

/**
 * LangChain's standard human-in-the-loop interrupt (`humanInTheLoopMiddleware` in `langchain`,
 * Python's `HumanInTheLoopMiddleware`): one interrupt whose value is a `HITLRequest` —
 *
 *   { actionRequests: [{ name, args, description? }],
 *     reviewConfigs: [{ actionName, allowedDecisions: ("approve" | "edit" | "reject" | "respond")[], argsSchema? }] }
 *
 * (or the same in snake_case, as a Python server sends it) — resumed ONCE with a `HITLResponse`,
 * `{ decisions: [...] }`, one decision per action, in the order of `actionRequests`.
 *
 * Each action parks as the kit's native approval (the tool and its args, Approve / Deny, and Edit
 * where "edit" is allowed: its args as a form — from `argsSchema` when it is a flat JSON schema the
 * form can show, else from the args' own primitive values). The transport holds the decisions until
 * every action of the interrupt has one, then resumes the interrupt once with all of them. A
 * decision the review config does not allow is never sent (the middleware would fail the run).
 */

export type HitlDecisionType = "approve" | "edit" | "reject" | "respond";

/**
 * Which review shape an action came in, and so how its decision is written back:
 * - `hitl`: LangChain's `HITLRequest`, resumed with `{ decisions: [...] }`;
 * - `inbox`: the agent-inbox `HumanInterrupt` (`@langchain/langgraph/prebuilt`: `action_request`,
 *   `config.allow_accept/edit/respond/ignore`, `description`), one or a list of them, resumed with
 *   a `HumanResponse` (`{ type: "accept" | "edit" | "response" | "ignore", args }`) for each, in
 *   the same shape (a list for a list).
 */
export type ReviewDialect = "hitl" | "inbox";

/** One action of a `HITLRequest`, read with its review config. */
export interface HitlAction {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly description?: string;
  readonly allowed: readonly HitlDecisionType[];
  /** The edit step's fields (when "edit" is allowed and some arg can be shown as a field). */
  readonly fields?: readonly FormField[];
  /** Where `fields` came from `argsSchema`: how to turn the form's values back into args. */
  readonly schema?: Extract<SchemaReading, { ok: true }>;
  /** Whether the request was written in snake_case (a Python server): answered the same way. */
  readonly snake: boolean;
  readonly dialect: ReviewDialect;
  /** An `inbox` interrupt whose value was a list (resumed with a list). */
  readonly list?: boolean;
}

/** Actions in one HITL interrupt that the kit shows; a longer list falls back to text. */
export const MAX_HITL_ACTIONS = 100;

// "respond" (answer the call in words, the tool not run) is Python's (langchain#37095); JS has no
// release with it yet (langchainjs#11498 open) — read either way, so a Python server can offer it.
const DECISIONS: readonly HitlDecisionType[] = ["approve", "edit", "reject", "respond"];

/**
 * The actions of a `HITLRequest` interrupt value, or `undefined` when the value is not one the kit
 * can answer safely (not that shape, an action without a review config, no decision allowed).
 */
export function readHitlRequest(value: unknown): readonly HitlAction[] | undefined {
  const inbox = readHumanInterrupts(value);
  if (inbox) return inbox;
  if (!isRecord(value)) return undefined;
  const snake = !("actionRequests" in value) && "action_requests" in value;
  const requests = value.actionRequests ?? value.action_requests;
  const configs = value.reviewConfigs ?? value.review_configs;
  if (!Array.isArray(requests) || !Array.isArray(configs)) return undefined;
  if (requests.length === 0 || requests.length > MAX_HITL_ACTIONS) return undefined;
  const actions: HitlAction[] = [];
  for (const [index, raw] of requests.entries()) {
    if (!isRecord(raw)) return undefined;
    const name = raw.name ?? raw.action_name ?? raw.action;
    const args = raw.args ?? raw.arguments;
    if (typeof name !== "string" || name === "" || !isRecord(args)) return undefined;
    const config = configFor(configs, index, name);
    if (!config) return undefined;
    const allowedRaw = config.allowedDecisions ?? config.allowed_decisions;
    if (!Array.isArray(allowedRaw)) return undefined;
    const allowed = DECISIONS.filter((decision) => allowedRaw.includes(decision));
    if (allowed.length === 0) return undefined;
    const review = reviewOf(allowed, args, config.argsSchema ?? config.args_schema);
    if (!review) return undefined;
    actions.push({
      name,
      args,
      ...(typeof raw.description === "string" ? { description: raw.description } : {}),
      ...review,
      snake,
      dialect: "hitl",
    });
  }
  return actions;
}

/** The review config of action `index`: the one at the same index when it names the action, else the first that does. */
function configFor(configs: readonly unknown[], index: number, name: string): Record<string, unknown> | undefined {
  const named = (config: unknown): config is Record<string, unknown> =>
    isRecord(config) && (config.actionName ?? config.action_name) === name;
  const same = configs[index];
  return named(same) ? same : configs.find(named);
}

/**
 * The actions of an agent-inbox interrupt value: one `HumanInterrupt`, or a list of them (what
 * agent-inbox's examples send: `interrupt([request])`). `undefined` for any other value, or one
 * that allows nothing.
 */
function readHumanInterrupts(value: unknown): readonly HitlAction[] | undefined {
  const list = Array.isArray(value);
  const items = list ? value : [value];
  if (items.length === 0 || items.length > MAX_HITL_ACTIONS) return undefined;
  const actions: HitlAction[] = [];
  for (const item of items) {
    if (!isRecord(item) || !isRecord(item.action_request) || !isRecord(item.config)) return undefined;
    const { action: name, args } = item.action_request;
    if (typeof name !== "string" || name === "" || !isRecord(args)) return undefined;
    const { config } = item;
    const allowedAll: HitlDecisionType[] = [];
    if (config.allow_accept === true) allowedAll.push("approve");
    if (config.allow_edit === true) allowedAll.push("edit");
    if (config.allow_ignore === true) allowedAll.push("reject");
    if (config.allow_respond === true) allowedAll.push("respond");
    const review = reviewOf(allowedAll, args, undefined);
    if (!review) return undefined;
    actions.push({
      name,
      args,
      ...(typeof item.description === "string" && item.description !== "" ? { description: item.description } : {}),
      ...review,
      // Unused by this dialect (its responses have one spelling).
      snake: true,
      dialect: "inbox",
      list,
    });
  }
  return actions;
}

/**
 * What an action may be decided with, and its edit step: "edit" with nothing to show as a field is
 * not offered (the person cannot edit it here). `undefined` when nothing is left to decide.
 */
function reviewOf(
  allowed: readonly HitlDecisionType[],
  args: Readonly<Record<string, unknown>>,
  argsSchema: unknown,
): Pick<HitlAction, "allowed" | "fields" | "schema"> | undefined {
  const edit = allowed.includes("edit") ? editStep(args, argsSchema) : undefined;
  const offered = edit ? allowed : allowed.filter((decision) => decision !== "edit");
  return offered.length === 0 ? undefined : { allowed: offered, ...edit };
}

/** What the interrupt is resumed with: the decisions of its actions, in action order, in its own shape. */
export function reviewResume(actions: readonly HitlAction[], decisions: readonly unknown[]): unknown {
  const [first] = actions;
  if (first?.dialect === "inbox") return first.list ? decisions : decisions[0];
  return { decisions };
}

/** The parked requests for a HITL interrupt: one native approval per action, keyed `<interrupt id>/<index>`. */
export function hitlRequests(
  interrupt: { readonly id: string },
  actions: readonly HitlAction[],
  maxPrompt: number,
): ParkedRequestInit[] {
  return actions.map((action, index) => {
    const prompt = (action.description ?? `Run ${action.name}?`).slice(0, maxPrompt);
    if (asksForWords(action)) {
      // Words are asked for, nothing to approve (agent-inbox's question to the person): a text
      // question (declined: "ignore", where allowed).
      return {
        requestId: hitlRequestId(interrupt.id, index),
        callId: interrupt.id,
        toolName: action.name,
        prompt,
        kind: "text",
        native: true,
        payload: { kind: "text", multiline: true },
      };
    }
    // A deny is sent as "ignore", or as a "response" with its note where words are allowed.
    const decisions = [
      ...new Set(
        action.allowed.map(
          (decision): ApprovalDecisionName => (decision === "reject" || decision === "respond" ? "deny" : decision),
        ),
      ),
    ];
    return {
      requestId: hitlRequestId(interrupt.id, index),
      callId: interrupt.id,
      toolName: action.name,
      prompt,
      kind: "approval",
      native: true,
      // One interrupt's actions were asked together (LangChain's HITL review of several calls).
      batch: interrupt.id,
      payload: {
        kind: "approval",
        toolName: action.name,
        input: action.args,
        decisions,
        ...(action.fields ? { edit: { fields: action.fields } } : {}),
      },
    };
  });
}

export function hitlRequestId(interruptId: string, index: number): string {
  return `${interruptId}/${index}`;
}

/** A decision the action does not allow, asked for anyway: nothing is sent. */
export class DisallowedDecisionError extends Error {
  override readonly name = "DisallowedDecisionError";
}

/**
 * The `HITLResponse` decision for one action's answer (an approval's decision): approve, reject
 * (with the deny's note as its `message`) or edit (the action with the edited args). A deny with
 * a note where only "respond" carries words (no "reject") is `{ type: "respond", message }`: the
 * note is the tool's answer, the tool is not run. Throws `DisallowedDecisionError` for a decision
 * the action's review config does not allow.
 */
export function hitlDecision(action: HitlAction, answer: AnswerBody): Record<string, unknown> {
  if (action.dialect === "inbox") return humanResponse(action, answer);
  const decision = approvalDecision(answer);
  const responds = decision.decision === "deny" && !!decision.note && !action.allowed.includes("reject");
  const type: HitlDecisionType = decision.decision === "deny" ? (responds ? "respond" : "reject") : decision.decision;
  if (!action.allowed.includes(type)) {
    throw new DisallowedDecisionError(
      type === "reject" && action.allowed.includes("respond")
        ? `${action.name} is declined in words only ("respond"): add a note`
        : `"${type}" is not allowed for ${action.name}: ${action.allowed.join(", ")} only`,
    );
  }
  switch (decision.decision) {
    case "approve":
      return { type: "approve" };
    case "deny":
      if (responds) return { type: "respond", message: decision.note };
      return decision.note ? { type: "reject", message: decision.note } : { type: "reject" };
    case "edit": {
      const edited = { name: action.name, args: editedArgs(action, decision.input) };
      return action.snake ? { type: "edit", edited_action: edited } : { type: "edit", editedAction: edited };
    }
    default:
      return decision satisfies never;
  }
}

/**
 * The agent-inbox `HumanResponse` for one action's answer: accept, edit (the action with the edited
 * args), response (the person's words: a text question's answer, or a deny's note where words are
 * allowed) or ignore (a deny). Throws `DisallowedDecisionError` where the config allows none of them.
 */
function humanResponse(action: HitlAction, answer: AnswerBody): Record<string, unknown> {
  const allows = (type: HitlDecisionType) => action.allowed.includes(type);
  const refuse = (type: string): never => {
    throw new DisallowedDecisionError(`"${type}" is not allowed for ${action.name}: ${action.allowed.join(", ")} only`);
  };
  const words = wordsOf(answer);
  if (asksForWords(action)) {
    if (words !== undefined) return { type: "response", args: words };
    return allows("reject") ? { type: "ignore", args: null } : refuse("ignore");
  }
  const decision = approvalDecision(answer);
  switch (decision.decision) {
    case "approve":
      return allows("approve") ? { type: "accept", args: null } : refuse("accept");
    case "edit":
      return allows("edit")
        ? { type: "edit", args: { action: action.name, args: editedArgs(action, decision.input) } }
        : refuse("edit");
    case "deny":
      if (decision.note && allows("respond")) return { type: "response", args: decision.note };
      if (allows("reject")) return { type: "ignore", args: null };
      return decision.note ? refuse("ignore") : refuse("response without words");
    default:
      return decision satisfies never;
  }
}

/** An inbox action that asks for words and offers nothing to approve or edit. */
function asksForWords(action: HitlAction): boolean {
  return (
    action.dialect === "inbox" &&
    action.allowed.includes("respond") &&
    !action.allowed.includes("approve") &&
    !action.allowed.includes("edit")
  );
}

/** The person's words in an answer: a reply, or a text question's `{ text }`. */
function wordsOf(answer: AnswerBody): string | undefined {
  if (answer.type === "reply") return answer.text;
  if (answer.type === "value" && isRecord(answer.value) && typeof answer.value.text === "string") {
    return answer.value.text;
  }
  return undefined;
}

/** The action's args with the edit step's values (typed by `argsSchema` where it had one). */
function editedArgs(action: HitlAction, values: FormValues): Record<string, unknown> {
  return editedInput(
    action.args,
    { fields: action.fields ?? [], ...(action.schema ? { schema: action.schema } : {}) },
    values,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
