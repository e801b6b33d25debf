import type { AbstractAgent, RunAgentParameters } from "@ag-ui/client";
import type { TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
} from "../../core/transport";
import { toToolOutput } from "../tool-output";
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

  const runNext = () => {
    if (agent.isRunning) {
      continueAfterRun = true;
      return;
    }
    if (!everyCallAnswered(agent.messages)) return;
    agent.runAgent(options.runParameters?.() ?? {}).catch((error: unknown) => options.onRunError?.(error));
  };

  const follow = () => {
    if (subscription) return;
    events.deliver(convert.messages(agent.messages));
    subscription = agent.subscribe({
      onEvent: ({ event }) => {
        events.deliver(convert.event(event));
        if (event.type === "TOOL_CALL_ARGS" && "toolCallId" in event && typeof event.toolCallId === "string") {
          const kind = convert.streamingKind(event.toolCallId);
          if (kind !== undefined) events.expect(kind);
        }
      },
      onMessagesChanged: ({ messages }) => events.deliver(convert.messages(messages)),
      onRunFinalized: () => {
        if (!continueAfterRun) return;
        continueAfterRun = false;
        // After the run's own clean-up (isRunning is still set while subscribers run).
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
    close,
    async send({ request, answer }: TransportAnswer): Promise<SendOutcome> {
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
