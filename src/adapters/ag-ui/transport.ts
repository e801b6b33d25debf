import type { AbstractAgent, RunAgentParameters } from "@ag-ui/client";
import type { AnswerBody, TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  errorForHttpStatus,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
} from "../../core/transport";
import { type ResumeEntry, resumeEntry } from "../../wire/interrupts";
import { toToolOutput } from "../../wire/tool-output";
import { createAgUiConverter } from "./convert";

export interface AgUiHitlOptions {
  /**
   * The parameters of the run that continues the conversation once every frontend tool call of
   * the last turn has its result (your frontend `tools`, `context`, …). @default {}
   */
  readonly runParameters?: () => RunAgentParameters;
  /** Called for each event the converter could not read (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /** A run that continues the conversation failed (the answer stays in the agent's messages). */
  readonly onRunError?: (error: unknown) => void;
}

export interface AgUiHitlTransport extends HitlTransport {
  /** Stops following the agent now (the client follows it again when it next connects). */
  close(): void;
}

let counter = 0;
/** A message id unique in this page (AG-UI only needs it unique in the thread). */
function messageId(): string {
  counter += 1;
  return `hitl-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * An AG-UI agent (`HttpAgent` or any `AbstractAgent`) as a transport, without React: its events
 * and messages in, and for each answer exactly one `tool` message for the call — the kind's typed
 * result as JSON (`toToolOutput`) — then one run that carries it, once every frontend tool call
 * of the turn has its result (a run with a call still unanswered would reach the model without
 * its result). It follows the agent while a client is connected.
 */
export function createAgUiTransport(agent: AbstractAgent, options: AgUiHitlOptions = {}): AgUiHitlTransport {
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const { connection } = createConnectionState();
  const convert = createAgUiConverter();
  let subscription: { unsubscribe(): void } | undefined;
  let connected = 0;
  let continueAfterRun = false;
  /** Interrupt answers by interrupt id, until the run that resumes them goes; then `resumed`. */
  const entries = new Map<string, { entry: ResumeEntry; answer: AnswerBody | undefined }>();
  const resumed = new Set<string>();
  const expiries = new Map<string, ReturnType<typeof setTimeout>>();
  let resumeAfterRun: string | undefined;

  const runNext = () => {
    if (agent.isRunning) {
      continueAfterRun = true;
      return;
    }
    if (!everyCallAnswered(agent.messages)) return;
    agent.runAgent(options.runParameters?.() ?? {}).catch((error: unknown) => options.onRunError?.(error));
  };

  /** The interrupts one run ended with, in the order it listed them. */
  const interruptsOf = (runId: string) => openInterrupts.filter((id) => convert.interrupt(id)?.runId === runId);
  const openInterrupts: string[] = [];

  /**
   * Resumes an interrupted run once every interrupt it ended with has its one entry: exactly one
   * run, carrying exactly one entry per interrupt, never a second resume of an id. Returns that
   * run, if it started it. The run's `RUN_STARTED` (the server took it) settles the requests,
   * through the converter; a run that fails before that leaves them open to be sent again.
   */
  const resume = (runId: string): Promise<unknown> | undefined => {
    const ids = interruptsOf(runId).filter((id) => !resumed.has(id));
    if (ids.length === 0 || !ids.every((id) => entries.has(id))) return undefined;
    // Only expiries: nothing the person answered, so no run starts by itself.
    if (ids.every((id) => entries.get(id)?.answer === undefined)) return undefined;
    if (agent.isRunning) {
      resumeAfterRun = runId;
      return undefined;
    }
    for (const id of ids) resumed.add(id);
    const legacy = ids.some((id) => convert.interrupt(id)?.legacy);
    const params = options.runParameters?.() ?? {};
    const list = ids.map((id) => entries.get(id)?.entry).filter((entry) => entry !== undefined);
    /** The server took the run (its `RUN_STARTED` arrived): the answers reached it. */
    let taken = false;
    const started = {
      onRunStartedEvent: () => {
        taken = true;
      },
    };
    const run = legacy
      ? // `@ag-ui/langgraph`'s legacy channel: LangGraph's `Command({ resume })`, one value per run.
        agent.runAgent(
          { ...params, forwardedProps: { ...params.forwardedProps, command: { resume: legacyResume(list) } } },
          started,
        )
      : agent.runAgent({ ...params, resume: list }, started);
    if (legacy) {
      // The legacy channel's run carries no `resume` for the converter to read: settled as it goes.
      events.deliver({
        type: "transport",
        changes: ids.flatMap((id) => {
          const answer = entries.get(id)?.answer;
          return answer === undefined
            ? []
            : [
                {
                  type: "resolved" as const,
                  requestId: id,
                  outcome: "answered" as const,
                  response: answer,
                  authoritative: true,
                },
              ];
        }),
      });
    }
    return run.then(
      () => undefined,
      (error: unknown) => {
        options.onRunError?.(error);
        if (taken || legacy) return;
        // The server never took the run (or we cannot tell): its interrupts are still open there,
        // so their answers may go again. (It used to mark them resumed and settle them as the run
        // began: a lost or refused resume could never go again, and the thread stayed stuck.)
        for (const id of ids) resumed.delete(id);
        throw error;
      },
    );
  };

  /** A new run's interrupts: open until resumed; an `expiresAt` that passes withdraws one. */
  const track = (event: { type: string }) => {
    if (event.type !== "RUN_FINISHED" && event.type !== "CUSTOM") return;
    for (const id of convert.interruptIds()) {
      if (openInterrupts.includes(id)) continue;
      openInterrupts.push(id);
      const expiresAt = convert.interrupt(id)?.expiresAt;
      if (expiresAt === undefined || expiries.has(id)) continue;
      const expire = () => {
        expiries.delete(id);
        if (entries.has(id) || resumed.has(id)) return;
        entries.set(id, { entry: { interruptId: id, status: "cancelled" }, answer: undefined });
        events.deliver({
          type: "transport",
          changes: [{ type: "resolved", requestId: id, outcome: "withdrawn", authoritative: true }],
        });
        const runId = convert.interrupt(id)?.runId;
        if (runId !== undefined) resume(runId);
      };
      expiries.set(id, setTimeout(expire, Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1))));
    }
  };

  const follow = () => {
    if (subscription) return;
    events.deliver(convert.messages(agent.messages));
    subscription = agent.subscribe({
      onEvent: ({ event, input }) => {
        // A run's start with its input (what it resumes), unless the server echoed it already.
        const started =
          event.type === "RUN_STARTED" && !("input" in event && event.input) ? { ...event, input } : event;
        events.deliver(convert.event(started));
        track(event);
        if (event.type === "TOOL_CALL_ARGS" && "toolCallId" in event && typeof event.toolCallId === "string") {
          const kind = convert.streamingKind(event.toolCallId);
          if (kind !== undefined) events.expect(kind);
        }
      },
      onMessagesChanged: ({ messages }) => events.deliver(convert.messages(messages)),
      onRunFinalized: () => {
        // After the run's own clean-up (isRunning is still set while subscribers run).
        const interrupted = resumeAfterRun;
        resumeAfterRun = undefined;
        if (interrupted !== undefined) queueMicrotask(() => resume(interrupted));
        if (!continueAfterRun) return;
        continueAfterRun = false;
        queueMicrotask(runNext);
      },
    });
  };
  const close = () => {
    subscription?.unsubscribe();
    subscription = undefined;
  };

  return {
    sessionKey: `ag-ui:${agent.threadId}`,
    connection,
    peek: events.peek,
    connect(sink) {
      const stop = events.connect(sink);
      connected += 1;
      follow();
      return () => {
        stop();
        connected -= 1;
        if (connected === 0) close();
      };
    },
    close() {
      close();
      for (const timer of expiries.values()) clearTimeout(timer);
      expiries.clear();
    },
    async send({ request, answer }: TransportAnswer): Promise<SendOutcome> {
      const interrupt = convert.interrupt(request.requestId);
      if (interrupt) {
        if (entries.has(request.requestId) || resumed.has(request.requestId)) {
          throw new HitlTransportError("This interrupt already has its answer.", "unconfirmed");
        }
        entries.set(request.requestId, { entry: resumeEntry(request.requestId, answer, interrupt.answering), answer });
        const run = resume(interrupt.runId);
        if (run) {
          try {
            await run;
          } catch (error) {
            // This answer's run never reached the server: it may go again (the others keep theirs).
            entries.delete(request.requestId);
            const status = (error as { status?: unknown } | null)?.status;
            const message = error instanceof Error ? error.message : String(error);
            throw typeof status === "number"
              ? errorForHttpStatus(status, message)
              : new HitlTransportError(message, "unconfirmed");
          }
        }
        return ACCEPTED;
      }
      // One tool message per call, whoever adds it (another transport or hook on this agent).
      if (agent.messages.some((m) => m.role === "tool" && m.toolCallId === request.callId)) {
        throw new HitlTransportError("This tool call already has its result.", "unconfirmed");
      }
      agent.addMessage({
        id: messageId(),
        role: "tool",
        toolCallId: request.callId,
        content: JSON.stringify(toToolOutput(answer)),
      });
      runNext();
      return ACCEPTED;
    },
  };
}

/**
 * The legacy channel's one resume value: the answer itself (a decline reads as the typed
 * `{ declined: true }` marker), or, for several interrupts in one run, the list in their order.
 */
function legacyResume(list: readonly ResumeEntry[]): unknown {
  const value = (entry: ResumeEntry) => (entry.status === "cancelled" ? { declined: true } : entry.payload);
  return list.length === 1 && list[0] ? value(list[0]) : list.map(value);
}

/** Every tool call since the last user message has its `tool` message. */
function everyCallAnswered(messages: AbstractAgent["messages"]): boolean {
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  const turn = messages.slice(lastUser + 1);
  const answered = new Set(turn.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  return turn.every((m) => m.role !== "assistant" || (m.toolCalls ?? []).every((call) => answered.has(call.id)));
}

// The rest of the adapter a server or a script needs, without React.
export { type AgUiConverter, createAgUiConverter, MAX_TOOL_ARGS_LENGTH } from "./convert";
export { createToolCallEventFilter, normalizeToolCallEvents, ToolCallEventsMiddleware } from "./middleware";
