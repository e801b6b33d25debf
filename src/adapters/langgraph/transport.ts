import type { TransportAnswer } from "../../core/answer";
import type { OutboxRun } from "../../core/outbox";
import { createOutboxRunner, type OutboxRunner } from "../../core/outbox-runner";
import {
  type ChatMessage,
  createConnectionState,
  createTransportEvents,
  HitlTransportError,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";
import { createLangGraphConverter } from "./convert";
import { encodeAnswer, resumeMap } from "./encode";
import { followThread, isBusy, messageOf, refusedResume, statusOf, threadKey } from "./thread";
import type { LangGraphRunPayload, LangGraphStreamPart, LangGraphTransport, LangGraphTransportOptions } from "./types";

/**
 * A LangGraph thread (on a LangGraph API server, through `@langchain/langgraph-sdk`) as a
 * transport, without React. A node asks with `interrupt(value)`; each interrupt the thread waits
 * on parks as a request keyed by its interrupt id (see `createLangGraphConverter`). An answer
 * resumes the graph with the typed value for that interrupt id, exactly once:
 * - right before resuming, the thread's state is read again: an interrupt no longer waiting (another
 *   page, another device, or the graph moved on) is never resumed — the answer settles as answered
 *   elsewhere (or the request as withdrawn);
 * - the resume run asks the server for strict resume (`strictResume`, and whatever `runPayload`
 *   adds) and refuses to share the thread (`multitaskStrategy: "reject"`): a server that
 *   refuses because another device resumed first settles the answer as answered elsewhere;
 * - an interrupt this transport resumed is never resumed by it again;
 * - parallel interrupts resume together, in one run, by default (see `resume`);
 * - a LangChain `HITLRequest` (the HITL middleware's tool review) parks one approval per action and
 *   resumes once, with `{ decisions }` in action order, when every action has its decision;
 * - a chat message (`client.sendMessage`, see `sendMessage`) goes as a run of its own once the replies
 *   it gives the questions that wait resumed them (`Command({ resume })`), never as a run that would
 *   resume them with it.
 * `send` resolves `accepted` once the server created the resume run; the state read after the
 * run settles the request. Between runs the thread is polled (`pollIntervalMs`) while a client follows it.
 */
export function createLangGraphTransport(options: LangGraphTransportOptions): LangGraphTransport {
  const { client, assistantId, threadId } = options;
  // Polls the thread while a client is connected (from the first sink until the last leaves).
  const events = createTransportEvents({
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    follow: () => {
      thread.follow();
      return thread.close;
    },
  });
  const state = createConnectionState("catching-up");
  const convert = createLangGraphConverter();
  const report = (error: unknown) => options.onRunError?.(error);
  const thread = followThread({
    client,
    threadId,
    pollMs: options.pollIntervalMs ?? 2000,
    convert,
    events,
    connection: state,
    resumed: () => outbox.state().resumed,
    afterRead: () => outbox.flush(),
    report,
  });

  /**
   * Starts a run: the app's own run options, then what every run of the kit's asks for — the
   * stream modes it reads, a refusal while the thread is busy, and a strict server's refusal of an
   * interrupt already answered. Resolves with its first parts (the run exists once `metadata`
   * arrives; the next part says whether the graph took a resume), or `busy`.
   */
  const start = async (run: Pick<LangGraphRunPayload, "command" | "input">) => {
    const payload: LangGraphRunPayload = {
      ...options.runPayload?.(),
      ...run,
      streamMode: ["updates", "tasks"],
      multitaskStrategy: "reject",
      strictResume: true,
    };
    const started = thread.starting();
    try {
      const parts = client.runs.stream(threadId ?? "", assistantId, payload)[Symbol.asyncIterator]();
      let first: LangGraphStreamPart | undefined;
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        first ??= next.value;
        if (next.value.event !== "metadata" || run.input) {
          first = next.value;
          break;
        }
      }
      return { parts, first };
    } catch (error) {
      // The thread running something else took nothing (`multitaskStrategy: "reject"`).
      if (isBusy(error)) return "busy";
      // The server never created the run (an HTTP error), or it may have (the connection dropped).
      return toTransportError(error);
    } finally {
      started();
    }
  };

  /**
   * Carries out the outbox's run. A resume is a run of its own; a chat message whose replies it
   * carries goes AFTER it, as a run of its own: a `Command`'s `update` is applied before the
   * interrupted node finishes, so the message would land between the model's tool call and that
   * node's tool result — a history OpenAI and Anthropic refuse.
   */
  const carryOut = async (
    run: OutboxRun<unknown, Message>,
    ran: (result: "accepted" | "again" | HitlTransportError) => void,
  ) => {
    const resume = run.type === "resume";
    const started = await start(
      resume ? { command: { resume: resumeMap(convert, run.batch) } } : { input: run.message.payload },
    );
    if (started === "busy") return ran("again");
    if (started instanceof HitlTransportError) {
      ran(started);
      if (resume) await thread.read();
      return;
    }
    const { parts, first } = started;
    if (resume && first?.event === "error" && refusedResume(first.data)) {
      // Nothing was consumed: another page or device resumed one of these first. What still
      // waits goes again after a fresh look (the chat message with it); the rest settle then.
      ran("again");
      return thread.drain(thread.follows(parts));
    }
    ran("accepted");
    await thread.drain(thread.follows(parts, first));
    if (resume && run.message) outbox.flush(); // its replies are in: the message goes next
  };

  const outbox: OutboxRunner<unknown, Message> = createOutboxRunner({
    policy: options.resume ?? "together",
    idle: thread.idle,
    async look() {
      const fresh = await thread.read();
      if (!fresh.ok) {
        // Nothing was sent: the answers (and a chat message) may go again.
        const { error } = fresh;
        return { ok: false, error: new HitlTransportError(messageOf(error), "rejected", true, statusOf(error)) };
      }
      return { ok: true, waiting: new Map(convert.open().map(({ id }) => [id, convert.requestIds(id)])) };
    },
    carryOut,
    stuck: new HitlTransportError("The thread still waits on a question; the message was not sent.", "rejected"),
    report,
  });

  if (options.initialState !== undefined) {
    events.deliver(convert.state(options.initialState));
    state.setConnection("live");
  }

  return {
    sessionKey: `langgraph:${threadId ?? "pending"}`,
    // Transports over one thread on one SDK client share the client's ledger (see `threadKey`).
    ...(threadId ? { follows: threadKey(client, threadId) } : {}),
    connection: state.connection,
    peek: events.peek,
    connect: events.connect,
    refresh: async () => {
      await thread.read();
    },
    observe: <P extends LangGraphStreamPart>(stream: AsyncIterable<P>) =>
      thread.follows(stream[Symbol.asyncIterator]()),
    close: thread.close,
    sync(view) {
      if (view.interrupts) thread.part({ event: "values", data: { __interrupt__: view.interrupts } });
      thread.setBusy(view.busy === true);
    },
    async send({ requestId, answer }: TransportAnswer): Promise<SendOutcome> {
      return outbox.send(encodeAnswer(convert, requestId, answer));
    },
    async sendMessage(message: ChatMessage, replies: readonly TransportAnswer[]) {
      // Every reply in the wire form first: a review that cannot be rejected refuses the whole
      // message (it would leave that action without a decision), before anything is held.
      const mine = replies
        .filter(({ requestId }) => !outbox.taken(requestId))
        .map(({ requestId, answer }) => encodeAnswer(convert, requestId, answer));
      return outbox.sendMessage((options.messageUpdate ?? defaultMessageUpdate)(message), mine);
    },
  };
}

/** A chat message as the outbox holds it: the state update its run's input is. */
type Message = Record<string, unknown>;

/** A chat message as `useStream` reads it: a human message appended to `messages`. */
function defaultMessageUpdate(message: ChatMessage): Record<string, unknown> {
  return { messages: [{ type: "human", content: message.text }] };
}

// The rest of the adapter a server or a script needs.
export {
  createLangGraphConverter,
  isKitInterrupt,
  type LangGraphConverter,
  type LangGraphInterrupt,
  type LangGraphRequestOwner,
  type LangGraphStateContext,
  pendingInterrupts,
  requestFromInterrupt,
} from "./convert";
export { resumeValue } from "./encode";
export {
  DisallowedDecisionError,
  type HitlAction,
  type HitlDecisionType,
  hitlDecision,
  hitlRequestId,
  hitlRequests,
  MAX_HITL_ACTIONS,
  readHitlRequest,
} from "./hitl-request";
export type * from "./types";
