import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpAgent, runHttpRequest, transformHttpEventStream } from "@ag-ui/client";
import { type BaseEvent, EventType, type Message, type ResumeEntry, type RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import type { Observable } from "rxjs";
import { checkTranscript } from "../../src/server/transcript";

/**
 * A real, local AG-UI endpoint for the tests: a Node HTTP server that takes `RunAgentInput`
 * POSTs and streams a scripted agent's events as SSE with `@ag-ui/encoder` (no network, no model).
 *
 * - a user message `ask a,b` → the agent calls the frontend tool `pick` with
 *   `{ prompt, ui: { kind: "pick", ids } }` (its arguments in several deltas) and ends the run;
 * - a run whose input ends with the `tool` messages of its calls → a text reply quoting them;
 * - anything else → a short text.
 * Strict as a provider: a run whose history has a tool call without its result (or two) ends in
 * `RUN_ERROR`. It keeps the thread (what a reload loads) and every `tool` message it received.
 *
 * AG-UI 1.0 interrupts, strict as the protocol: while a run's interrupts are open, the next run
 * must carry `resume` with exactly one entry for each of them and nothing else, or it ends in
 * `RUN_ERROR` (a refusal). A POST to `<url>/connect` (what an agent's `connectAgent` calls, see
 * `connectableAgent`) replays every run of the thread, each `RUN_STARTED` echoing its input.
 */
export interface AgUiTestServer {
  readonly url: string;
  /** Every tool message the server received, by tool call id, in order (a repeat of the same message id counts once). */
  received(toolCallId: string): readonly Message[];
  /** The thread as the server keeps it. */
  thread(threadId: string): Message[];
  /** Every run input, in order. */
  readonly runs: RunAgentInput[];
  /** Runs refused for a broken history (or a resume that does not fit the open interrupts). */
  readonly refusals: string[];
  /** Every resume entry the server received (runs it took, refused or not), in order. */
  resumesFor(interruptId: string): readonly ResumeEntry[];
  /** How many times an interrupt was resumed (by a run the server accepted). */
  closed(interruptId: string): number;
  /** The next run carrying `resume` fails as described (the run POST that answers interrupts). */
  failNextResume(failure: ResumeFailure): void;
  /** Resolves once no run is streaming. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** How the next resume run fails: dropped before the server reads it, after, or refused with a status. */
export type ResumeFailure =
  | { readonly type: "network-before" }
  | { readonly type: "network-after" }
  | { readonly type: "status"; readonly status: number };

export async function startAgUiServer(): Promise<AgUiTestServer> {
  const threads = new Map<string, Message[]>();
  /** Each thread's runs as streamed (what `connect` replays). */
  const logs = new Map<string, { input: RunAgentInput; events: BaseEvent[] }[]>();
  /** Each thread's open AG-UI 1.0 interrupts (those its last run ended with). */
  const open = new Map<string, string[]>();
  const closed = new Map<string, number>();
  const failures: ResumeFailure[] = [];
  const received = new Map<string, Message[]>();
  const runs: RunAgentInput[] = [];
  const refusals: string[] = [];
  let inFlight = 0;
  let calls = 0;
  const encoder = new EventEncoder();

  const server = createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    inFlight++;
    void (async () => {
      try {
        const input = JSON.parse(await readBody(req)) as RunAgentInput;
        if (req.url?.endsWith("/connect")) {
          res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
          for (const run of logs.get(input.threadId) ?? []) {
            for (const event of run.events) {
              const echoed = event.type === EventType.RUN_STARTED ? { ...event, input: run.input } : event;
              res.write(encoder.encodeSSE(echoed as BaseEvent));
            }
          }
          res.end();
          return;
        }
        const failure = (input as ResumeInput).resume?.length ? failures.shift() : undefined;
        if (failure?.type === "network-before") {
          req.socket.destroy();
          return;
        }
        if (failure?.type === "status") {
          res.writeHead(failure.status, { "content-type": "text/plain" }).end(`refused with ${failure.status}`);
          return;
        }
        runs.push(input);
        for (const message of input.messages) {
          if (message.role !== "tool") continue;
          const list = received.get(message.toolCallId) ?? [];
          if (!list.some((m) => m.id === message.id)) received.set(message.toolCallId, [...list, message]);
        }
        res.writeHead(200, { "content-type": encoder.getContentType(), "cache-control": "no-cache" });
        const events = script(input);
        const thread = [...input.messages, ...messagesOf(events)];
        threads.set(input.threadId, thread);
        logs.set(input.threadId, [...(logs.get(input.threadId) ?? []), { input, events }]);
        if (failure?.type === "network-after") {
          req.socket.destroy();
          return;
        }
        for (const event of events) res.write(encoder.encodeSSE(event));
        res.end();
      } catch (error) {
        if (!res.headersSent) res.writeHead(400);
        res.end(String(error));
      } finally {
        inFlight--;
      }
    })();
  });

  const api: AgUiTestServer = {
    url: "",
    received: (id) => received.get(id) ?? [],
    thread: (id) => structuredClone(threads.get(id) ?? []),
    runs,
    refusals,
    resumesFor: (id) =>
      runs.flatMap((run) => ((run as ResumeInput).resume ?? []).filter((entry) => entry.interruptId === id)),
    closed: (id) => closed.get(id) ?? 0,
    failNextResume: (failure) => void failures.push(failure),
    async idle() {
      for (let i = 0; i < 500 && inFlight > 0; i++) await new Promise((resolve) => setTimeout(resolve, 2));
      await new Promise((resolve) => setTimeout(resolve, 15));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function script(input: RunAgentInput): BaseEvent[] {
    const base = { threadId: input.threadId, runId: input.runId };
    const start: BaseEvent = { type: EventType.RUN_STARTED, ...base } as BaseEvent;
    const finish: BaseEvent = { type: EventType.RUN_FINISHED, ...base } as BaseEvent;
    const refuse = (reason: string): BaseEvent[] => {
      refusals.push(reason);
      return [start, { type: EventType.RUN_ERROR, message: reason } as BaseEvent];
    };
    // The open interrupts of the thread: a run resumes each at most once and nothing else; one
    // it does not resume stays open (ag-ui#2701: a run that resumes nothing, the app's next
    // message, leaves them pending).
    const waiting = open.get(input.threadId) ?? [];
    const entries = (input as ResumeInput).resume ?? [];
    if (entries.length > 0) {
      const ids = entries.map((entry) => entry.interruptId);
      const fits = new Set(ids).size === ids.length && ids.every((id) => waiting.includes(id));
      if (!fits) return refuse(`resume:${ids.join(",")} for open:${waiting.join(",")}`);
      open.set(
        input.threadId,
        waiting.filter((id) => !ids.includes(id)),
      );
      for (const id of ids) closed.set(id, (closed.get(id) ?? 0) + 1);
    }
    const problems = checkTranscript(toModelMessages(input.messages));
    // A history whose last turn still waits for results is what this run is about to complete;
    // anything else broken is refused, as a provider would.
    if (problems.length > 0) {
      refusals.push(problems.map((p) => `${p.type}:${p.toolCallId}`).join(","));
      return [
        start,
        { type: EventType.RUN_ERROR, message: "tool_use ids were found without tool_result blocks" } as BaseEvent,
      ];
    }
    // A run that answers interrupts: the agent goes on with what the person said.
    const resume = (input as ResumeInput).resume;
    const legacyResume = (input.forwardedProps as { command?: { resume?: unknown } } | undefined)?.command?.resume;
    if (resume?.length || legacyResume !== undefined) {
      return [
        start,
        ...textEvents(`resumed-${input.runId}`, `Resumed with ${JSON.stringify(resume ?? legacyResume)}`),
        finish,
      ];
    }
    const last = input.messages.at(-1);
    const text = last?.role === "user" && typeof last.content === "string" ? last.content : "";
    const interrupting = interruptScript(text, input.runId);
    if (interrupting) {
      if (interrupting.legacy) {
        const events = interrupting.interrupts.map(
          (value) => ({ type: EventType.CUSTOM, name: "on_interrupt", value: JSON.stringify(value) }) as BaseEvent,
        );
        return [start, ...events, finish];
      }
      open.set(
        input.threadId,
        interrupting.interrupts.map((interrupt) => String(interrupt.id)),
      );
      return [start, { ...finish, outcome: { type: "interrupt", interrupts: interrupting.interrupts } } as BaseEvent];
    }
    const match = /^(cancel )?ask (.+)$/.exec(text);
    if (match) {
      calls++;
      const toolCallId = `call-${calls}`;
      const messageId = `msg-${calls}`;
      const args = JSON.stringify({ prompt: "Pick one", ui: { kind: "pick", ids: match[2]?.split(",") } });
      const mid = Math.floor(args.length / 2);
      const events: BaseEvent[] = [
        start,
        ...textEvents(`${messageId}-text`, "Let me ask you."),
        { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "pick", parentMessageId: messageId } as BaseEvent,
        { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(0, mid) } as BaseEvent,
        { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args.slice(mid) } as BaseEvent,
        { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
      ];
      // `cancel ask …`: the run is cancelled after the call (ag-ui#2729's outcome).
      events.push(match[1] ? ({ ...finish, outcome: { type: "cancelled" } } as BaseEvent) : finish);
      return events;
    }
    if (last?.role === "tool") {
      const results = input.messages.filter((m) => m.role === "tool").map((m) => m.content);
      return [start, ...textEvents(`reply-${input.runId}`, `Done. Tool results: ${JSON.stringify(results)}`), finish];
    }
    return [start, ...textEvents(`help-${input.runId}`, "Say: ask a,b"), finish];
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(api, { url: `http://127.0.0.1:${port}/agent` });
}

/**
 * `interrupt a,b` → one AG-UI 1.0 interrupt with the kit's hint (a `pick` of those ids);
 * `interrupt twice` → two; `interrupt form` → one with a `responseSchema`; `interrupt expiring`
 * → one that expires in 300 ms; `interrupt twice, one expiring` → two, the second expiring in 300 ms; `interrupt legacy` → `@ag-ui/langgraph`'s legacy `on_interrupt`
 * event carrying a LangGraph interrupt value (`{ ui, prompt }`).
 */
function interruptScript(
  text: string,
  runId: string,
): { legacy: boolean; interrupts: Record<string, unknown>[] } | undefined {
  const pick = (id: string, ids: string[], extra: Record<string, unknown> = {}) => ({
    id,
    reason: "input_required",
    message: `Pick one of ${ids.join(", ")}`,
    metadata: { "dev.hitl-kit/ui": { kind: "pick", ids } },
    ...extra,
  });
  const match = /^interrupt (.+)$/.exec(text);
  if (!match) return undefined;
  const what = match[1] ?? "";
  if (what === "twice") {
    return { legacy: false, interrupts: [pick(`${runId}-1`, ["a", "b"]), pick(`${runId}-2`, ["c", "d"])] };
  }
  if (what === "form") {
    const responseSchema = {
      type: "object",
      properties: { seats: { type: "integer", title: "Seats", minimum: 1, maximum: 9 } },
      required: ["seats"],
    };
    return {
      legacy: false,
      interrupts: [{ id: `${runId}-form`, reason: "input_required", message: "How many?", responseSchema }],
    };
  }
  if (what === "twice, one expiring") {
    const soon = { expiresAt: new Date(Date.now() + 300).toISOString() };
    return { legacy: false, interrupts: [pick(`${runId}-1`, ["a", "b"]), pick(`${runId}-late`, ["c", "d"], soon)] };
  }
  if (what === "expiring") {
    return {
      legacy: false,
      interrupts: [pick(`${runId}-late`, ["a", "b"], { expiresAt: new Date(Date.now() + 300).toISOString() })],
    };
  }
  if (what === "legacy")
    return { legacy: true, interrupts: [{ prompt: "Pick one", ui: { kind: "pick", ids: ["a", "b"] } }] };
  return { legacy: false, interrupts: [pick(`${runId}-1`, what.split(","))] };
}

type ResumeInput = RunAgentInput & { resume?: ResumeEntry[] };

function textEvents(messageId: string, text: string): BaseEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent,
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text } as BaseEvent,
    { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
  ];
}

/** The assistant messages a script's events make (the thread a reload loads). */
function messagesOf(events: readonly BaseEvent[]): Message[] {
  const messages: Message[] = [];
  for (const event of events) {
    const e = event as BaseEvent & Record<string, unknown>;
    if (e.type === EventType.TEXT_MESSAGE_START)
      messages.push({ id: String(e.messageId), role: "assistant", content: "" });
    if (e.type === EventType.TEXT_MESSAGE_CONTENT) {
      const message = messages.find((m) => m.id === e.messageId);
      if (message && message.role === "assistant") message.content = `${message.content ?? ""}${String(e.delta)}`;
    }
    if (e.type === EventType.TOOL_CALL_START && String(e.toolCallId).startsWith("call-")) {
      messages.push({
        id: String(e.parentMessageId),
        role: "assistant",
        toolCalls: [
          { id: String(e.toolCallId), type: "function", function: { name: String(e.toolCallName), arguments: "" } },
        ],
      });
    }
    if (e.type === EventType.TOOL_CALL_ARGS) {
      const call = messages
        .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
        .find((c) => c.id === e.toolCallId);
      if (call) call.function.arguments += String(e.delta);
    }
  }
  return messages;
}

/** AG-UI messages in the shape `checkTranscript` reads (tool-call / tool-result parts). */
function toModelMessages(messages: readonly Message[]) {
  return messages.map((m) => {
    if (m.role === "assistant") {
      return { content: (m.toolCalls ?? []).map((call) => ({ type: "tool-call", toolCallId: call.id })) };
    }
    if (m.role === "tool") return { content: [{ type: "tool-result", toolCallId: m.toolCallId }] };
    return { content: [] };
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/**
 * A real `HttpAgent` that can also `connectAgent()`: `@ag-ui/client` 1.0 leaves `connect` to the
 * agent (the runtimes that persist threads, CopilotKit's among them, implement it); this one
 * POSTs the run input to `<url>/connect` and reads the replay as it reads a run.
 */
export class ConnectableHttpAgent extends HttpAgent {
  protected override connect(input: RunAgentInput): Observable<BaseEvent> {
    return transformHttpEventStream(
      runHttpRequest(() => this.fetch(`${this.url}/connect`, this.requestInit(input))),
      this.debugLogger,
    );
  }
}
