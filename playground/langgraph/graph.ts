/**
 * The playground's LangGraph agent, served by a real LangGraph API server (`@langchain/langgraph-api`,
 * what `langgraph dev` runs; see `server.mjs`): a chat model that decides from the prompt alone
 * (scripted, no network, no key), and nodes that ask a person through the kit — a picker per kind
 * (`interruptFor` / `readResume` from `hitl-kit/server`), LangChain's standard tool review (a
 * `HITLRequest`, as `humanInTheLoopMiddleware` asks), and two questions at once (a `Send` fan-out).
 *
 *   START → agent ─┬→ ask (one Send per picker call: parallel interrupts) ─┬→ agent → … → END
 *                  └→ review (one HITLRequest for the gated calls)      ──┘
 *
 * Every answer the graph received is kept in `answers`, as the graph read it, for the page (and
 * the end-to-end tests) to show what the agent got.
 */
import type { BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { Annotation, END, interrupt, MessagesAnnotation, Send, START, StateGraph } from "@langchain/langgraph";
import { aspectRatioKind, formKind, mediaKind, multiSelectKind, questionsKind, templateKind } from "hitl-kit/kinds";
import { interruptFor, readResume } from "hitl-kit/server";
import { z } from "zod";
import {
  aspectRatioPayload,
  formPayload,
  mediaPayload,
  questionsPayload,
  tagsPayload,
  templatePayload,
  voicePayload,
} from "../agent/agent/lib/payloads";
import { voiceKind } from "../shared/voice-kind";

// ─── the tools ───────────────────────────────────────────────────────────────────────────────────

/** Picker tools: the model's call is `{ prompt, ui }`; the node asks with the kind's widget. */
const PICKERS = {
  pick_media: mediaKind,
  pick_template: templateKind,
  pick_aspect_ratio: aspectRatioKind,
  pick_tags: multiSelectKind,
  fill_form: formKind,
  pick_voice: voiceKind,
  ask_questions: questionsKind,
} as const;
type PickerName = keyof typeof PICKERS;

/** Gated tools: they run only after a person approved (or edited) the call. */
const sendEmailArgs = z.object({
  to: z.string().describe("Recipient"),
  subject: z.string().max(200),
  urgent: z.boolean(),
});
const GATED = {
  delete_file: {
    allowedDecisions: ["approve", "reject"],
    run: (args: Record<string, unknown>) => ({ deleted: args.path }),
  },
  send_email: {
    allowedDecisions: ["approve", "edit", "reject"],
    // What the edit step shows: the args as a form (a flat JSON schema).
    argsSchema: {
      type: "object",
      properties: {
        to: { type: "string", format: "email", title: "To" },
        subject: { type: "string", title: "Subject", maxLength: 200 },
        urgent: { type: "boolean", title: "Urgent" },
      },
      required: ["to", "subject"],
    },
    run: (args: Record<string, unknown>) => ({ sent: sendEmailArgs.parse(args) }),
  },
} as const;
type GatedName = keyof typeof GATED;

// ─── the scripted chat model ─────────────────────────────────────────────────────────────────────

type Call = { readonly name: string; readonly args: Record<string, unknown> };

/** Trigger phrase → the tool calls the model makes. First match wins. */
export const LANGGRAPH_TRIGGERS: ReadonlyArray<{ phrase: string; calls: () => Call[] }> = [
  {
    phrase: "pick two",
    calls: () => [picker("pick_media", mediaPayload()), picker("pick_aspect_ratio", aspectRatioPayload())],
  },
  { phrase: "pick media", calls: () => [picker("pick_media", mediaPayload())] },
  { phrase: "pick template", calls: () => [picker("pick_template", templatePayload())] },
  { phrase: "pick aspect ratio", calls: () => [picker("pick_aspect_ratio", aspectRatioPayload())] },
  { phrase: "pick tags", calls: () => [picker("pick_tags", tagsPayload())] },
  { phrase: "fill form", calls: () => [picker("fill_form", formPayload())] },
  { phrase: "pick voice", calls: () => [picker("pick_voice", voicePayload())] },
  { phrase: "ask questions", calls: () => [picker("ask_questions", questionsPayload())] },
  {
    phrase: "review actions",
    calls: () => [
      { name: "send_email", args: { to: "team@example.com", subject: "Release 2.4 is out", urgent: false } },
      { name: "delete_file", args: { path: "notes/old-draft.md" } },
    ],
  },
  { phrase: "delete file", calls: () => [{ name: "delete_file", args: { path: "notes/old-draft.md" } }] },
];

function picker(name: PickerName, payload: { prompt: string; ui: unknown }): Call {
  return { name, args: { prompt: payload.prompt, ui: payload.ui } };
}

export const LANGGRAPH_HELP = `I am the LangGraph playground's scripted model (no network, no API key). Say one of: ${LANGGRAPH_TRIGGERS.map(
  (trigger) => `"${trigger.phrase}"`,
).join(", ")}.`;

/**
 * A chat model that decides from the prompt alone (a node may run again on resume, and must then
 * get the same answer): after tool results, a reply quoting them; after a trigger phrase, its tool
 * calls (ids from the conversation so far, so a replay gets the same ones); else the help text.
 */
export class ScriptedChatModel extends BaseChatModel {
  constructor(fields: BaseChatModelParams = {}) {
    super(fields);
  }

  _llmType(): string {
    return "hitl-playground-scripted";
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = decide(messages);
    return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }] };
  }
}

export function decide(messages: readonly BaseMessage[]): AIMessage {
  refuseOrphanToolCalls(messages);
  const last = messages.at(-1);
  const id = `ai_${hash(`${messages.length}\u0000${textOf(last)}`)}`;
  if (last && ToolMessage.isInstance(last)) {
    const results: string[] = [];
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i];
      if (!message || !ToolMessage.isInstance(message)) break;
      results.unshift(`${message.name ?? "tool"}: ${textOf(message)}`);
    }
    return new AIMessage({ id, content: `Done. Tool results: ${results.join(" · ")}` });
  }
  const text = textOf(last).toLowerCase();
  const trigger = LANGGRAPH_TRIGGERS.find((candidate) => text.includes(candidate.phrase));
  if (!trigger) return new AIMessage({ id, content: LANGGRAPH_HELP });
  const calls = trigger.calls().map((call, index) => ({
    ...call,
    id: `call_${hash(`${messages.length}\u0000${text}\u0000${index}`)}`,
    type: "tool_call" as const,
  }));
  return new AIMessage({ id, content: "", tool_calls: calls });
}

/**
 * Strict as a provider: OpenAI and Anthropic refuse a history in which a tool call is not followed
 * at once by its result (HTTP 400). The scripted model refuses it the same way, so a page that
 * slips a message between a call and its result fails here as it would against a real model.
 */
function refuseOrphanToolCalls(messages: readonly BaseMessage[]): void {
  messages.forEach((message, index) => {
    if (!AIMessage.isInstance(message) || !message.tool_calls?.length) return;
    const results = new Set<string>();
    for (const next of messages.slice(index + 1)) {
      if (!ToolMessage.isInstance(next)) break;
      results.add(next.tool_call_id);
    }
    const missing = message.tool_calls.filter((call) => !results.has(call.id ?? ""));
    if (missing.length > 0) {
      throw new Error(
        `400: an assistant message with tool calls must be followed by their results (${missing.map((call) => call.id).join(", ")})`,
      );
    }
  });
}

function textOf(message: BaseMessage | undefined): string {
  if (!message) return "";
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

/** FNV-1a, 2 × 32 bits, base 36: a short, stable id. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(36).padStart(7, "0") + (b >>> 0).toString(36).padStart(7, "0");
}

// ─── the graph ───────────────────────────────────────────────────────────────────────────────────

/** One answer the graph received, as it read it. */
export interface ReceivedAnswer {
  readonly tool: string;
  readonly callId: string;
  /** A picker: `readResume`'s typed result. A gated tool: the HITL decision. */
  readonly result: unknown;
}

const AgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  answers: Annotation<ReceivedAnswer[], ReceivedAnswer | ReceivedAnswer[]>({
    reducer: (left, right) => left.concat(right),
    default: () => [],
  }),
});

interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

const model = new ScriptedChatModel();

function lastCalls(messages: readonly BaseMessage[]): ToolCall[] {
  const last = messages.at(-1);
  if (!last || !AIMessage.isInstance(last)) return [];
  return (last.tool_calls ?? []).map((call) => ({ id: call.id ?? "", name: call.name, args: call.args }));
}

/** A picker call: ask with the kind's widget, read the answer back typed. */
async function ask({ call }: { call: ToolCall }) {
  const kind = PICKERS[call.name as PickerName];
  const { prompt, ui } = call.args as { prompt: string; ui: Record<string, unknown> };
  const question = interruptFor(kind, ui as never, { prompt });
  const result = readResume(kind, question, interrupt(question));
  return {
    messages: [new ToolMessage({ tool_call_id: call.id, name: call.name, content: JSON.stringify(result) })],
    answers: [{ tool: call.name, callId: call.id, result }],
  };
}

/** The gated calls: one HITLRequest (LangChain's shape), one decision each, then each runs or not. */
async function review(state: typeof AgentState.State) {
  const calls = lastCalls(state.messages).filter((call) => call.name in GATED);
  const configs = calls.map((call) => ({ call, config: GATED[call.name as GatedName] }));
  const response = interrupt({
    actionRequests: configs.map(({ call }) => ({
      name: call.name,
      args: call.args,
      description: `The agent wants to run ${call.name}`,
    })),
    reviewConfigs: configs.map(({ call, config }) => ({
      actionName: call.name,
      allowedDecisions: [...config.allowedDecisions],
      ...("argsSchema" in config ? { argsSchema: config.argsSchema } : {}),
    })),
  }) as { decisions?: Array<Record<string, unknown>> };
  const decisions = response?.decisions;
  if (!Array.isArray(decisions) || decisions.length !== calls.length) {
    throw new Error(`Expected ${calls.length} decisions, got ${JSON.stringify(response)}`);
  }
  const messages = configs.map(({ call, config }, index) => {
    const decision = decisions[index] ?? {};
    if (!(config.allowedDecisions as readonly string[]).includes(String(decision.type))) {
      throw new Error(`Decision '${String(decision.type)}' is not allowed for ${call.name}`);
    }
    const edited = decision.editedAction as { args?: Record<string, unknown> } | undefined;
    const content =
      decision.type === "reject"
        ? (decision.message ?? `The person rejected ${call.name}`)
        : JSON.stringify(config.run(decision.type === "edit" ? (edited?.args ?? {}) : call.args));
    return new ToolMessage({ tool_call_id: call.id, name: call.name, content: String(content) });
  });
  return {
    messages,
    answers: configs.map(({ call }, index) => ({ tool: call.name, callId: call.id, result: decisions[index] })),
  };
}

export const agent = new StateGraph(AgentState)
  .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
  .addNode("ask", ask)
  .addNode("review", review)
  .addEdge(START, "agent")
  .addConditionalEdges(
    "agent",
    (state) => {
      const calls = lastCalls(state.messages);
      if (calls.some((call) => call.name in GATED)) return "review";
      const pickers = calls.filter((call) => call.name in PICKERS);
      // One task per picker call, in one superstep: two calls are two interrupts pending at once.
      return pickers.length > 0 ? pickers.map((call) => new Send("ask", { call })) : END;
    },
    ["ask", "review", END],
  )
  .addEdge("ask", "agent")
  .addEdge("review", "agent")
  .compile();
