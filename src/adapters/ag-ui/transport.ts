import type { AbstractAgent, RunAgentParameters } from "@ag-ui/client";
import type { TransportAnswer } from "../../core/answer";
import { type LedgerProblem, selectRequest } from "../../core/ledger";
import { createTransportState, type HitlTransport, HitlTransportError } from "../../core/transport";
import { toToolOutput } from "../tool-output";
import { createAgUiConverter } from "./convert";

export interface AgUiHitlOptions {
  /**
   * The parameters of the run that continues the conversation once every frontend tool call of
   * the last turn has its result (your frontend `tools`, `context`, …). @default {}
   */
  readonly runParameters?: () => RunAgentParameters;
  /** Called for each event the converter could not read (also reported through `HitlProvider`'s `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /** A run that continues the conversation failed (the answer stays in the agent's messages). */
  readonly onRunError?: (error: unknown) => void;
}

export interface AgUiHitlTransport extends HitlTransport {
  /** Follows the agent again after `close()` (and catches up on its messages). */
  open(): void;
  /** Stops following the agent. */
  close(): void;
}

let counter = 0;
/** A message id unique in this page (AG-UI only needs it unique in the thread). */
function messageId(): string {
  counter += 1;
  return `hitl-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * An AG-UI agent (`HttpAgent` or any `AbstractAgent`) as a transport: its events and messages in,
 * and for each answer exactly one `tool` message for the call — the kind's typed result as JSON
 * (`toToolOutput`) — then one run that carries it, once every frontend tool call of the turn has
 * its result (a run with a call still unanswered would reach the model without its result).
 */
export function createAgUiTransport(agent: AbstractAgent, options: AgUiHitlOptions = {}): AgUiHitlTransport {
  const state = createTransportState(options.onProblem ? { onProblem: options.onProblem } : {});
  const { store } = state;
  const convert = createAgUiConverter();
  const feed = (action: ReturnType<typeof convert.event>) => {
    if (action) store.dispatch(action);
  };
  let subscription: { unsubscribe(): void } | undefined;
  let continueAfterRun = false;

  const runNext = () => {
    if (agent.isRunning) {
      continueAfterRun = true;
      return;
    }
    if (!everyCallAnswered(agent.messages)) return;
    agent.runAgent(options.runParameters?.() ?? {}).catch((error: unknown) => options.onRunError?.(error));
  };

  const open = () => {
    if (subscription) return;
    feed(convert.messages(agent.messages));
    subscription = agent.subscribe({
      onEvent: ({ event }) => feed(convert.event(event)),
      onMessagesChanged: ({ messages }) => feed(convert.messages(messages)),
      onRunFinalized: () => {
        if (!continueAfterRun) return;
        continueAfterRun = false;
        // After the run's own clean-up (isRunning is still set while subscribers run).
        queueMicrotask(runNext);
      },
    });
  };
  open();

  return {
    sessionKey: `ag-ui:${agent.threadId}`,
    store,
    connection: state.connection,
    open,
    close() {
      subscription?.unsubscribe();
      subscription = undefined;
    },
    async send({ requestId, answer }: TransportAnswer) {
      const request = selectRequest(store.getSnapshot(), requestId);
      if (!request) throw new HitlTransportError(`Unknown request ${requestId}`, "rejected");
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
