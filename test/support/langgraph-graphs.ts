import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { Annotation, END, interrupt, MessagesAnnotation, Send, START, StateGraph } from "@langchain/langgraph";
import type { HumanInterrupt, HumanResponse } from "@langchain/langgraph/prebuilt";
import { interruptFor, readResume } from "../../src/server/langgraph";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * Scripted, network-free LangGraph graphs for the adapter's tests, loaded by the real LangGraph
 * API server (`@langchain/langgraph-api`, what `langgraph dev` runs) from this file
 * (`test/support/langgraph-server.ts` starts it). No model: a node asks with `interrupt`, the
 * next node records what the graph was resumed with, so a test reads back, from the thread's
 * own state, every answer the graph RECEIVED.
 */

/** One resume value the graph received, as the node that asked got it. */
export interface Received {
  readonly node: string;
  readonly label: string;
  readonly value: unknown;
  /** What `readResume` (`hitl-kit/server`) made of it, where the node asked with `interruptFor`. */
  readonly result?: unknown;
}

const appendReceived = {
  reducer: (left: Received[], right: Received | Received[]) => left.concat(right),
  default: (): Received[] => [],
};

// ─── pick: one question, then a record of its answer ─────────────────────────────────────────────

const PickState = Annotation.Root({
  /** The choices offered (the run's input). */
  ids: Annotation<string[]>(),
  /** Tells the questions of one thread apart (the run's input). */
  label: Annotation<string>(),
  /** What the graph asks with: the kit's hint by default; a test may ask with anything. */
  question: Annotation<unknown>(),
  answer: Annotation<unknown>(),
  /** A chat's messages (a message a page sends as a new run's input), kept as sent. */
  messages: Annotation<unknown[], unknown[]>({ reducer: (left, right) => left.concat(right), default: () => [] }),
  /** How long `slow`'s first node takes (the run's input). */
  delayMs: Annotation<number>(),
  received: Annotation<Received[], Received | Received[]>(appendReceived),
});

/**
 * START → ask → record → END. `ask` interrupts with the kit's question for the conformance kind
 * (`interruptFor`: `{ ui: { kind: "pick", ids }, prompt: "Pick one" }`), or with the run's own
 * `question` when it has one (a plain string, someone else's object); `record` keeps what it got.
 */
const ask = (state: typeof PickState.State) => {
  const question = state.question ?? interruptFor(conformanceKind, { ids: state.ids }, { prompt: "Pick one" });
  return { answer: interrupt(question) };
};

const record = (state: typeof PickState.State) => ({
  received: [
    {
      node: "ask",
      label: state.label,
      value: state.answer,
      ...(state.question === undefined
        ? { result: readResume(conformanceKind, { kind: "pick", ids: state.ids }, state.answer) }
        : {}),
    },
  ],
});

export const pick = new StateGraph(PickState)
  .addNode("ask", ask)
  .addNode("record", record)
  .addEdge(START, "ask")
  .addEdge("ask", "record")
  .addEdge("record", END)
  .compile();

// ─── pickOnce: pick, asked on the thread's first run only ───────────────────────────────────────

/**
 * START → ask → record → END on the thread's first run; a later run (a chat message sent as a new
 * run's input once the question was answered) asks nothing: START → END, the message kept. An agent
 * that answers a chat message without asking again, so a second message finds nothing waiting.
 */
export const pickOnce = new StateGraph(PickState)
  .addNode("ask", ask)
  .addNode("record", record)
  .addConditionalEdges(START, (state) => (state.answer === undefined ? "ask" : END), ["ask", END])
  .addEdge("ask", "record")
  .addEdge("record", END)
  .compile();

// ─── slow: pick, after a first node that takes a while ───────────────────────────────────────────

/**
 * START → work (waits `delayMs`, 500 by default) → ask → record → END: the run streams a while
 * before it asks, time for a page to go away (a reload) or join it mid-run.
 */
export const slow = new StateGraph(PickState)
  .addNode("work", async (state) => {
    await new Promise((resolve) => setTimeout(resolve, state.delayMs ?? 500));
    return {};
  })
  .addNode("ask", ask)
  .addNode("record", record)
  .addEdge(START, "work")
  .addEdge("work", "ask")
  .addEdge("ask", "record")
  .addEdge("record", END)
  .compile();

// ─── parallel: a Send fan-out to two nodes that each interrupt ───────────────────────────────────

/** A chat's messages (a chat message a page sends as a new run's input), kept as sent. */
const messages = () =>
  Annotation<unknown[], unknown[]>({ reducer: (left, right) => left.concat(right), default: () => [] });

const ParallelState = Annotation.Root({
  label: Annotation<string>(),
  messages: messages(),
  received: Annotation<Received[], Received | Received[]>(appendReceived),
});

interface Branch {
  readonly label: string;
  readonly ids: string[];
}

const branch = (node: string) => (input: Branch) => {
  const question = interruptFor(conformanceKind, { ids: input.ids }, { prompt: `Pick one (${node})` });
  const value = interrupt(question);
  return { received: [{ node, label: input.label, value, result: readResume(conformanceKind, question, value) }] };
};

/** START ⇉ left, right (one `Send` each, in one superstep): two interrupts pending at once. */
export const parallel = new StateGraph(ParallelState)
  .addNode("left", branch("left"))
  .addNode("right", branch("right"))
  .addConditionalEdges(
    START,
    (state) => [
      new Send("left", { label: state.label, ids: ["a", "b"] }),
      new Send("right", { label: state.label, ids: ["c", "d"] }),
    ],
    ["left", "right"],
  )
  .addEdge("left", END)
  .addEdge("right", END)
  .compile();

// ─── nested: the question is asked inside a subgraph ─────────────────────────────────────────────

const inner = new StateGraph(PickState)
  .addNode("inner_ask", (state) => ({
    answer: interrupt({ ui: { kind: "pick", ids: state.ids }, prompt: "Pick one (nested)" }),
  }))
  .addNode("inner_record", (state) => ({
    received: [{ node: "inner_ask", label: state.label, value: state.answer }],
  }))
  .addEdge(START, "inner_ask")
  .addEdge("inner_ask", "inner_record")
  .addEdge("inner_record", END)
  .compile();

/** START → sub (a compiled subgraph whose node interrupts) → END: the interrupt has a namespace. */
export const nested = new StateGraph(PickState)
  .addNode("sub", inner)
  .addEdge(START, "sub")
  .addEdge("sub", END)
  .compile();

// ─── twice: one node asks two questions in a row ─────────────────────────────────────────────────

/** START → ask (interrupts, then interrupts again in the same task) → END. */
export const twice = new StateGraph(PickState)
  .addNode("ask", (state) => {
    const first = interrupt({ ui: { kind: "pick", ids: state.ids }, prompt: "First" });
    const second = interrupt({ ui: { kind: "pick", ids: state.ids }, prompt: "Second" });
    return {
      received: [
        { node: "ask", label: `${state.label}:first`, value: first },
        { node: "ask", label: `${state.label}:second`, value: second },
      ],
    };
  })
  .addEdge(START, "ask")
  .addEdge("ask", END)
  .compile();

// ─── review: LangChain's HITLRequest, answered the way the HITL middleware reads it ──────────────

interface ReviewAction {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly description?: string;
  readonly allowedDecisions: string[];
  readonly argsSchema?: Record<string, unknown>;
}

const ReviewState = Annotation.Root({
  label: Annotation<string>(),
  /** The tool calls to review (the run's input). */
  actions: Annotation<ReviewAction[]>(),
  /** Ask in snake_case, as a Python server does. */
  snake: Annotation<boolean>(),
  messages: messages(),
  received: Annotation<Received[], Received | Received[]>(appendReceived),
});

/**
 * START → review → END. `review` interrupts with a `HITLRequest` for the input's actions (what
 * `humanInTheLoopMiddleware` builds: `actionRequests` + `reviewConfigs`), then checks the
 * `HITLResponse` as the middleware does — one decision per action, each allowed by its config,
 * an edit with a name and args — and records each decision (a bad response fails the run, as the
 * middleware's would).
 */
export const review = new StateGraph(ReviewState)
  .addNode("review", (state) => {
    const actionRequests = state.actions.map(({ name, args, description }) => ({
      name,
      args,
      ...(description ? { description } : {}),
    }));
    const reviewConfigs = state.actions.map(({ name, allowedDecisions, argsSchema }) => ({
      actionName: name,
      allowedDecisions,
      ...(argsSchema ? { argsSchema } : {}),
    }));
    const request = state.snake
      ? {
          action_requests: actionRequests,
          review_configs: reviewConfigs.map(({ actionName, allowedDecisions, argsSchema }) => ({
            action_name: actionName,
            allowed_decisions: allowedDecisions,
            ...(argsSchema ? { args_schema: argsSchema } : {}),
          })),
        }
      : { actionRequests, reviewConfigs };
    const response = interrupt(request) as { decisions?: Array<Record<string, unknown>> };
    const decisions = response?.decisions;
    if (!Array.isArray(decisions) || decisions.length !== state.actions.length) {
      throw new Error(`Number of human decisions does not match: ${JSON.stringify(response)}`);
    }
    return {
      received: decisions.map((decision, index) => {
        const action = state.actions[index] as ReviewAction;
        if (!action.allowedDecisions.includes(String(decision.type))) {
          throw new Error(`Decision type '${String(decision.type)}' is not allowed for tool '${action.name}'`);
        }
        const edited = (decision.editedAction ?? decision.edited_action) as
          | { name?: unknown; args?: unknown }
          | undefined;
        if (decision.type === "edit" && (typeof edited?.name !== "string" || typeof edited.args !== "object")) {
          throw new Error(`Invalid edited action for tool "${action.name}"`);
        }
        // Python's middleware (langchain 1.4): a respond is the tool's answer, so it needs words.
        if (decision.type === "respond" && typeof decision.message !== "string") {
          throw new Error(`A respond decision needs a message for tool "${action.name}"`);
        }
        return { node: "review", label: `${state.label}:${action.name}`, value: decision };
      }),
    };
  })
  .addEdge(START, "review")
  .addEdge("review", END)
  .compile();

// ─── inbox: the agent-inbox HumanInterrupt, answered the way agent-inbox answers it ─────────────

const InboxState = Annotation.Root({
  label: Annotation<string>(),
  /** The interrupts to raise (the run's input), as `@langchain/langgraph/prebuilt` types them. */
  requests: Annotation<HumanInterrupt[]>(),
  /** Raise the one request as an object, not a list of one (both are in use). */
  single: Annotation<boolean>(),
  received: Annotation<Received[], Received | Received[]>(appendReceived),
});

/**
 * START → inbox → END. `inbox` interrupts with the input's `HumanInterrupt`s — a list, as
 * agent-inbox's examples do (`interrupt([request])[0]`), or one object — and checks each
 * `HumanResponse` against its request's config (a type the config does not allow fails the run),
 * then records them.
 */
export const inbox = new StateGraph(InboxState)
  .addNode("inbox", (state) => {
    const raised = state.single ? state.requests[0] : state.requests;
    const resumed = interrupt(raised) as HumanResponse | HumanResponse[];
    const responses = Array.isArray(resumed) ? resumed : [resumed];
    if (responses.length !== state.requests.length || Array.isArray(resumed) === Boolean(state.single)) {
      throw new Error(`Responses do not match the requests: ${JSON.stringify(resumed)}`);
    }
    return {
      received: responses.map((response, index) => {
        const { config, action_request } = state.requests[index] as HumanInterrupt;
        const allowed = {
          accept: config.allow_accept,
          edit: config.allow_edit,
          response: config.allow_respond,
          ignore: config.allow_ignore,
        };
        if (!allowed[response.type]) throw new Error(`Response type '${response.type}' is not allowed`);
        if (response.type === "response" && typeof response.args !== "string")
          throw new Error("A response without text");
        if (response.type === "edit" && (typeof response.args !== "object" || response.args === null)) {
          throw new Error("An edit without the edited action");
        }
        return { node: "inbox", label: `${state.label}:${action_request.action}`, value: response };
      }),
    };
  })
  .addEdge(START, "inbox")
  .addEdge("inbox", END)
  .compile();

// ─── tools: a model's tool call whose tool asks the person ───────────────────────────────────────

const ToolsState = Annotation.Root({
  ...MessagesAnnotation.spec,
  label: Annotation<string>(),
  received: Annotation<Received[], Received | Received[]>(appendReceived),
});

/** The tool call the last AI message makes, if any (`last`: only if that message is the last one). */
function toolCallOf(state: typeof ToolsState.State, last = false) {
  const ai = state.messages.findLast((message) => AIMessage.isInstance(message));
  if (!ai || (last && ai !== state.messages.at(-1))) return undefined;
  return (ai as AIMessage).tool_calls?.[0];
}

/**
 * START → agent → ask → END, over `MessagesAnnotation` as a tool-calling agent's graph: `agent`
 * (the model, scripted) answers the thread's first message with an AIMessage calling the `pick`
 * tool; `ask` (the tool node) asks the person with `interrupt` (the kit's question) and returns
 * the answer as the ToolMessage for that call. On a later run (a chat message) the agent calls no
 * tool and the graph ends: the message stays the last one. A provider refuses a history where a
 * tool call is not followed by its result, so a chat message must land after the ToolMessage.
 */
export const tools = new StateGraph(ToolsState)
  .addNode("agent", (state) => {
    if (state.messages.some((message) => ToolMessage.isInstance(message))) return {};
    const call = { id: `call_${state.label}`, name: "pick", args: { ids: ["a", "b"] }, type: "tool_call" as const };
    return { messages: [new AIMessage({ content: "", tool_calls: [call] })] };
  })
  .addNode("ask", (state) => {
    const call = toolCallOf(state);
    const ids = (call?.args.ids as string[] | undefined) ?? [];
    const value = interrupt(interruptFor(conformanceKind, { ids }, { prompt: "Pick one" }));
    return {
      messages: [new ToolMessage({ tool_call_id: call?.id ?? "", name: call?.name, content: JSON.stringify(value) })],
      received: [
        { node: "ask", label: state.label, value, result: readResume(conformanceKind, { kind: "pick", ids }, value) },
      ],
    };
  })
  .addEdge(START, "agent")
  .addConditionalEdges("agent", (state) => (toolCallOf(state, true) ? "ask" : END), ["ask", END])
  .addEdge("ask", END)
  .compile();
