import type { AbstractAgent, RunAgentParameters } from "@ag-ui/client";
import type { TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import type { OutboxRun } from "../../core/outbox";
import { createOutboxRunner } from "../../core/outbox-runner";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";
import { type ResumeEntry, resumeEntry } from "../../wire/interrupts";
import { createAgUiConverter } from "./convert";
import { legacyResume, toolMessage } from "./encode";

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
  // Follows the agent while a client is connected (from the first sink until the last leaves).
  const events = createTransportEvents({
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    follow: () => {
      follow();
      return close;
    },
  });
  const { connection } = createConnectionState();
  const convert = createAgUiConverter();
  const report = (error: unknown) => options.onRunError?.(error);
  let subscription: { unsubscribe(): void } | undefined;
  let continueAfterRun = false;
  /** The interrupts runs ended with, in the order they listed them. */
  const openInterrupts: string[] = [];
  const interruptsOf = (runId: string) => openInterrupts.filter((id) => convert.interrupt(id)?.runId === runId);
  /** Interrupts whose `expiresAt` passed unanswered: withdrawn, and resumed `cancelled` with the rest of their run. */
  const expired = new Set<string>();
  const expiries = new Map<string, ReturnType<typeof setTimeout>>();

  const runNext = () => {
    if (agent.isRunning) {
      continueAfterRun = true;
      return;
    }
    if (!everyCallAnswered(agent.messages)) return;
    agent.runAgent(options.runParameters?.() ?? {}).catch(report);
  };

  /**
   * Resumes an interrupted run once every interrupt it ended with has its one entry (the
   * outbox's group is the run): exactly one run, one entry per interrupt — the person's answer, or
   * `cancelled` for one that expired. The answers settle once the run is over; a run that fails
   * before the server took it (its `RUN_STARTED`) fails them, to be sent again.
   */
  const carryOut = async (
    run: OutboxRun<ResumeEntry, never>,
    ran: (result: "accepted" | HitlTransportError) => void,
  ) => {
    if (run.type !== "resume") return;
    const byId = new Map(run.batch.map((answer) => [answer.id, answer]));
    const ids = interruptsOf(run.batch[0]?.group ?? "").filter((id) => byId.has(id) || expired.has(id));
    const list = ids.map((id): ResumeEntry => byId.get(id)?.wire ?? { interruptId: id, status: "cancelled" });
    const legacy = ids.some((id) => convert.interrupt(id)?.legacy);
    const params = options.runParameters?.() ?? {};
    /** The server took the run (its `RUN_STARTED` arrived): the answers reached it. */
    let taken = false;
    const started = {
      onRunStartedEvent: () => {
        taken = true;
      },
    };
    const running = legacy
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
        changes: run.batch.map(({ id, answer }) => ({
          type: "resolved" as const,
          requestId: id,
          outcome: "answered" as const,
          response: answer,
          authoritative: true,
        })),
      });
    }
    try {
      await running;
      ran("accepted");
    } catch (error) {
      report(error);
      // The server never took the run (or we cannot tell): its interrupts are still open there, so
      // their answers may go again.
      ran(taken || legacy ? "accepted" : toTransportError(error));
    }
  };

  const outbox = createOutboxRunner<ResumeEntry, never>({
    policy: "each",
    idle: () => !agent.isRunning,
    // What waits: each interrupted run, with its interrupts not yet resumed nor expired (a run
    // whose every interrupt expired waits on nobody: nothing the person answered starts a run).
    async look() {
      const { resumed } = outbox.state();
      const waiting = new Map<string, string[]>();
      for (const id of openInterrupts) {
        const runId = convert.interrupt(id)?.runId;
        if (runId === undefined || resumed.has(id) || expired.has(id)) continue;
        waiting.set(runId, [...(waiting.get(runId) ?? []), id]);
      }
      return { ok: true, waiting };
    },
    carryOut,
    report,
  });

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
        if (outbox.taken(id)) return;
        expired.add(id);
        events.deliver({
          type: "transport",
          changes: [{ type: "resolved", requestId: id, outcome: "withdrawn", authoritative: true }],
        });
        outbox.flush();
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
        // After the run's own clean-up (isRunning is still set while subscribers run): what waited
        // for it goes now.
        queueMicrotask(outbox.flush);
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
    // Two transports over one agent (two providers) share one ledger, so one gate and one resume per interrupt.
    follows: agent,
    connection,
    peek: events.peek,
    connect: events.connect,
    close() {
      close();
      for (const timer of expiries.values()) clearTimeout(timer);
      expiries.clear();
    },
    async send({ request, answer }: TransportAnswer): Promise<SendOutcome> {
      const interrupt = convert.interrupt(request.requestId);
      if (interrupt) {
        const wire = resumeEntry(request.requestId, answer, interrupt.answering);
        return outbox.send({ id: request.requestId, group: interrupt.runId, answer, wire });
      }
      // One tool message per call, whoever adds it (another transport or hook on this agent).
      if (agent.messages.some((m) => m.role === "tool" && m.toolCallId === request.callId)) {
        throw new HitlTransportError("This tool call already has its result.", "unconfirmed");
      }
      agent.addMessage(toolMessage(messageId(), request.callId, answer));
      runNext();
      return ACCEPTED;
    },
  };
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
