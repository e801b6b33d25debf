import type { AnswerBody, TransportAnswer } from "../../core/answer";
import { REPLIED_IN_CHAT_REASON } from "../../core/answer";
import type { LedgerProblem, TransportAction } from "../../core/ledger";
import type { Outcome } from "../../core/model";
import {
  ACCEPTED,
  type ChatMessage,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  MessageNotSentError,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";
import { toToolOutput } from "../../wire/tool-output";
import { createLangGraphConverter, isKitInterrupt, type LangGraphInterrupt } from "./convert";
import { DisallowedDecisionError, type HitlAction, hitlDecision, reviewResume } from "./hitl-request";

/**
 * The slice of `@langchain/langgraph-sdk`'s `Client` the transport uses (structural: pass a
 * `new Client({ apiUrl })`; the kit imports nothing from the SDK).
 */
export interface LangGraphClientLike {
  readonly threads: {
    /** `GET /threads/{thread}/state`, or `/state/{checkpoint}` for an earlier checkpoint. */
    getState(threadId: string, checkpoint?: string): Promise<unknown>;
  };
  readonly runs: {
    /** `POST /threads/{thread}/runs/stream`: creates a run and streams its parts. */
    stream(threadId: string, assistantId: string, payload: LangGraphRunPayload): AsyncIterable<LangGraphStreamPart>;
  };
}

/**
 * What the transport passes to `runs.stream` (your `runPayload` merged under it): a resume
 * (`command.resume`, by interrupt id), or a chat message when nothing waits (`input`, no `command`).
 */
export interface LangGraphRunPayload {
  readonly command?: LangGraphCommand;
  /** A chat message as a new run's input (`messageUpdate`): only when the thread waits on nothing. */
  readonly input?: Record<string, unknown>;
  readonly streamMode: ("updates" | "tasks")[];
  readonly multitaskStrategy: "reject";
  readonly strictResume: true;
  readonly [key: string]: unknown;
}

/** LangGraph's `Command` as the transport sends it: `Command({ resume })`. */
export interface LangGraphCommand {
  /** `{ [interruptId]: value }`. */
  readonly resume: Record<string, unknown>;
}

/** One part of a run's stream, as the SDK yields it. */
export interface LangGraphStreamPart {
  readonly event: string;
  readonly data: unknown;
}

export interface LangGraphTransportOptions {
  readonly client: LangGraphClientLike;
  /** The assistant (or graph id) that runs on the thread. */
  readonly assistantId: string;
  /** The thread; `null` while there is none yet (a page before its first run): nothing waits then. */
  readonly threadId: string | null;
  /**
   * How interrupts pending at once (parallel branches, `Send` fan-out) resume:
   * - `"together"` (default): an answer waits (its request shows as being sent) until every
   *   interrupt the thread is waiting on has one, then ONE run resumes them all
   *   (`Command({ resume: { [interruptId]: value, … } })`), so the graph runs on once;
   * - `"each"`: each answer resumes its own interrupt at once (LangGraph keeps the others
   *   waiting, with the same ids, and re-runs their nodes up to their `interrupt` on each resume).
   * Pick `"each"` when different people (pages) answer different branches: with `"together"`
   * two pages each holding one of two answers wait for each other.
   */
  readonly resume?: "together" | "each";
  /**
   * How often the thread's state is read while a client follows it, to see what other pages,
   * other devices and the app's own runs did. `0`: only after this transport's runs (and
   * `refresh()`). @default 2000
   */
  readonly pollIntervalMs?: number;
  /**
   * More of the resume run's payload (`config`, `context`, `metadata`, `streamSubgraphs`…);
   * the transport's own `command`, `streamMode`, `multitaskStrategy` and `strictResume` win.
   * On a server without strict resume (langgraph-api 1.5 ignores the SDK's `strictResume`),
   * `{ config: { configurable: { __pregel_strict_resume: true } } }` turns LangGraph's own on
   * (an internal key of `@langchain/langgraph` 1.7). Without strict resume, a resume that lost a
   * race with another device (both looked before either resumed) is silently ignored by LangGraph
   * (langchain-ai/langgraph#8836): the graph keeps the other answer, this page shows its own.
   */
  readonly runPayload?: () => Record<string, unknown>;
  /**
   * The state update a chat message sent through `client.sendMessage` is: the input of the run it
   * starts once nothing waits (after the resume of the questions it replies to).
   * @default (message) => ({ messages: [{ type: "human", content: message.text }] })
   */
  readonly messageUpdate?: (message: ChatMessage) => Record<string, unknown>;
  /** A thread state the app already read (server rendering): delivered at once, before the first read. */
  readonly initialState?: unknown;
  /** Called for each state or part the converter could not read (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /** A run this transport started failed after the server took it, or reading the thread failed. */
  readonly onRunError?: (error: unknown) => void;
}

export interface LangGraphTransport extends HitlTransport {
  /**
   * Reads the thread's state now and delivers what changed; resolves once delivered (failures
   * go to `onRunError` and leave the connection `offline`). Await it before the first client
   * connects to have every waiting interrupt in the first render.
   */
  refresh(): Promise<void>;
  /**
   * Follows one of the app's own runs on the thread (`client.runs.stream(…)`): its interrupts
   * park as they stream, and the thread is read again once it ends. Yields every part through.
   */
  observe<P extends LangGraphStreamPart>(stream: AsyncIterable<P>): AsyncIterable<P>;
  /** Stops following the thread now (the client follows it again when it next connects). */
  close(): void;
  /**
   * What a UI binding shows of the thread (`useStream()`, see `useLangGraphHitl`): `interrupts`
   * it saw stream by (`{ id, value }`, parked at once, like a run's parts), and whether a run is
   * streaming (`busy`: polling and resuming wait for it; the thread is read again once it ends).
   */
  sync(view: LangGraphView): void;
  /**
   * Sends a chat message the person typed: call `client.sendMessage({ text })` (the
   * provider's client: `useHitlClient()` in React), which gates the replies through the client.
   * Every question the thread waits on gets one reply first — a kit question the typed "replied in
   * chat" result (`{ reply: text }`, read with `readResume`), a plain interrupt the words
   * themselves, a HITL review's action a reject with `REPLIED_IN_CHAT_REASON` — resumed in one run
   * (`Command({ resume: { [interruptId]: reply } })`), and once that run is over the message is a
   * new run's input, so it follows the tool results in the history (a `Command`'s `update` would
   * put it between a tool call and its result, which providers refuse). Nothing waiting: the
   * message is a new run's input at once. A question another page is
   * answering right now: the message waits until it is answered (it never goes as a run that
   * resumes it, as a `run.start` on an interrupted thread does on langgraph-api 1.5).
   */
  sendMessage(message: ChatMessage, replies: readonly TransportAnswer[]): Promise<ReadonlySet<string>>;
}

/** See `LangGraphTransport.sync`. */
export interface LangGraphView {
  readonly interrupts?: readonly unknown[];
  readonly busy?: boolean;
}

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
  const policy = options.resume ?? "together";
  const pollMs = options.pollIntervalMs ?? 2000;
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const state = createConnectionState("catching-up");
  const convert = createLangGraphConverter();
  /** What this page resumed each interrupt with (never resumed again; its resolution). */
  const resumed = new Map<string, AnswerBody>();
  /** How each request the converter settled ended. */
  const endings = new Map<string, Outcome>();
  const held = new Map<string, Held>();
  let generation = 0;
  let connected = 0;
  let closed = true;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Runs of this transport (or observed app runs) streaming: polling waits for them. */
  let running = 0;
  /** A run the UI binding follows is streaming (`sync({ busy })`). */
  let busy = false;
  const idle = () => running === 0 && !busy;
  let ended = false;
  /** The thread was there at least once (a 404 after that: it was deleted). */
  let found = false;

  const deliver = (action: TransportAction | null) => {
    if (action?.type === "transport") {
      for (const change of action.changes)
        if (change.type === "resolved") endings.set(change.requestId, change.outcome);
    }
    events.deliver(action);
  };
  const report = (error: unknown) => options.onRunError?.(error);

  // ─── reading the thread ──────────────────────────────────────────────────────────────────────

  let reading: Promise<ReadResult> | undefined;
  let queued: Promise<ReadResult> | undefined;

  const readOnce = async (): Promise<ReadResult> => {
    for (let attempt = 0; ; attempt++) {
      const seen = generation;
      let current: unknown;
      const asked = new Map<string, unknown>();
      if (threadId === null) {
        state.setConnection("live");
        return READ;
      }
      try {
        current = await client.threads.getState(threadId);
        for (const checkpoint of convert.needs(current, resumed)) {
          asked.set(checkpoint, await client.threads.getState(threadId, checkpoint));
        }
      } catch (error) {
        if (statusOf(error) === 404) {
          // The thread is gone: whatever it was waiting on is over. A thread this transport never
          // read yet may not be there YET (a client that names its thread before its first run
          // creates it, as @langchain/react does): nothing waits on it.
          if (found && !ended) deliver({ type: "transport", changes: [{ type: "session-ended" }] });
          ended ||= found;
          state.setConnection("live");
          return READ;
        }
        state.setConnection("offline");
        report(error);
        return { ok: false, error };
      }
      found = true;
      // A stream part parked something while this read was under way: the state may be older.
      if (seen !== generation && attempt < 5) continue;
      deliver(convert.state(current, { asked, resumed }));
      state.setConnection("live");
      return READ;
    }
  };

  /** One read at a time, in order; calls while one runs share the next. */
  const read = (): Promise<ReadResult> => {
    if (!reading) {
      reading = readOnce().finally(() => {
        reading = undefined;
      });
      return reading;
    }
    queued ??= reading.then(() => {
      queued = undefined;
      return read();
    });
    return queued;
  };
  const refresh = async (): Promise<void> => {
    await read();
  };

  const poll = () => {
    if (closed || pollMs <= 0) return;
    pollTimer = setTimeout(async () => {
      pollTimer = undefined;
      if (closed) return;
      if (idle()) await refresh();
      if (idle()) flush();
      poll();
    }, pollMs);
  };

  const follow = () => {
    if (!closed) return;
    closed = false;
    void refresh().then(flush);
    poll();
  };
  const close = () => {
    closed = true;
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
  };

  // ─── runs ────────────────────────────────────────────────────────────────────────────────────

  /** Delivers a run's parts as they stream; reads the thread once it ends. */
  async function* follows<P extends LangGraphStreamPart>(parts: AsyncIterator<P>, first?: P): AsyncGenerator<P> {
    running += 1;
    try {
      if (first) yield part(first);
      for (let next = await parts.next(); !next.done; next = await parts.next()) yield part(next.value);
    } finally {
      running -= 1;
      await refresh();
      flush();
    }
  }
  const part = <P extends LangGraphStreamPart>(value: P): P => {
    const action = convert.chunk(value);
    if (action) generation += 1;
    deliver(action);
    if (value.event === "error") report(new Error(describeError(value.data)));
    return value;
  };

  const drain = async (parts: AsyncIterable<LangGraphStreamPart>) => {
    try {
      for await (const _ of parts) {
        // follows() delivers each part.
      }
    } catch (error) {
      report(error);
    }
  };

  // ─── answers ─────────────────────────────────────────────────────────────────────────────────

  let flushing = false;
  let dirty = false;

  /** Resumes with the answers held, when the policy says so; one flush at a time. */
  const flush = () => {
    if (held.size === 0 && chats.length === 0) return;
    if (flushing || !idle()) {
      dirty = true;
      return;
    }
    if (Date.now() < heldUntil) return; // holdAgain's timer flushes then
    flushing = true;
    dirty = false;
    void flushOnce()
      .catch(report)
      .finally(() => {
        flushing = false;
        if (dirty) flush();
      });
  };

  const flushOnce = async () => {
    // A fresh look at what the thread is waiting on, right before resuming.
    const fresh = await read();
    if (!fresh.ok) {
      // Nothing was sent: the answers (and a chat message) may go again.
      const { error } = fresh;
      const refused = new HitlTransportError(messageOf(error), "rejected", true, statusOf(error));
      settleHeld([...held.values()], () => {
        throw refused;
      });
      for (const note of [...chats]) endChat(note, refused);
      return;
    }
    const waiting = new Set(convert.open().map((interrupt) => interrupt.id));
    // Answers to interrupts no longer waiting never go: settled elsewhere, or withdrawn.
    settleHeld(
      [...held.values()].filter((answer) => !waiting.has(answer.interruptId)),
      (answer) => (endings.get(answer.id) === "answered" ? ANSWERED_ELSEWHERE : ACCEPTED),
    );
    // An interrupt resumes once every request it parked has its answer (a HITLRequest's actions).
    const complete = (interruptId: string) => convert.requestIds(interruptId).every((id) => held.has(id));
    const batch = [...held.values()].filter((answer) => complete(answer.interruptId));
    // The chat message whose replies these are goes with them (the first typed, if several).
    const note = chats.find((chat) => batch.some((answer) => chat.replies.includes(answer.id)));
    if (batch.length === 0) {
      const [first] = chats;
      if (!first) return;
      // A chat message with no reply of this page's to carry it (none was needed, or another tab
      // replied): a new run once nothing waits — on langgraph-api 1.5 a protocol run on an
      // interrupted thread IS its resume. A question another page is answering is answered in a
      // moment; one nobody answers keeps the message back, then refuses it.
      if (waiting.size === 0) await startWith(first);
      else if (Date.now() > first.deadline) {
        const stuck = new HitlTransportError(
          "The thread still waits on a question; the message was not sent.",
          "rejected",
        );
        endChat(first, stuck);
      } else later();
      return;
    }
    // The rest are not answered yet (a chat message does not wait for them: they stay waiting).
    if (policy === "together" && !note && [...waiting].some((id) => !complete(id))) return;
    for (const answer of batch) held.delete(answer.id);
    await resumeWith(batch, note);
  };

  /** `{ [interruptId]: value }`: a request's own value, or a HITLRequest's `{ decisions }` in action order. */
  const resumeMap = (batch: readonly Held[]): Record<string, unknown> => {
    const byId = new Map(batch.map((answer) => [answer.id, answer]));
    const resume: Record<string, unknown> = {};
    for (const { id, interruptId, hitl } of batch) {
      if (interruptId in resume) continue;
      const answers = convert.requestIds(interruptId).map((requestId) => byId.get(requestId)?.wire);
      const review = hitl ? convert.owner(id)?.action?.of : undefined;
      resume[interruptId] = review ? reviewResume(review, answers) : answers[0];
    }
    return resume;
  };

  /**
   * A run this page starts (a resume, or a chat message's input): the app's own run options, then
   * what every run of the kit's asks for — the stream modes it reads, a refusal while the thread is
   * busy, and a strict server's refusal of an interrupt already answered.
   */
  const runPayload = (run: Pick<LangGraphRunPayload, "command" | "input">): LangGraphRunPayload => ({
    ...options.runPayload?.(),
    ...run,
    streamMode: ["updates", "tasks"],
    multitaskStrategy: "reject",
    strictResume: true,
  });

  /**
   * Resumes `batch` in one run. A chat message whose replies these are goes AFTER it, as a run of
   * its own: a `Command`'s `update` is applied before the interrupted node finishes, so the
   * message would land between the model's tool call and that node's tool result — a history
   * OpenAI and Anthropic refuse (a tool call must be followed by its result).
   */
  const resumeWith = async (batch: readonly Held[], note?: PendingMessage) => {
    const resume = resumeMap(batch);
    const payload = runPayload({ command: { resume } });
    running += 1;
    let parts: AsyncIterator<LangGraphStreamPart>;
    let first: LangGraphStreamPart | undefined;
    try {
      parts = client.runs.stream(threadId ?? "", assistantId, payload)[Symbol.asyncIterator]();
      // The run exists once its first part (`metadata`) arrives; the next one says whether the
      // graph took the resume (a strict server refuses an interrupt already answered at once).
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        if (next.value.event !== "metadata") {
          first = next.value;
          break;
        }
        first ??= next.value;
      }
    } catch (error) {
      running -= 1;
      if (isBusy(error)) {
        // The thread is running something else (another page's resume, the app's own run): the
        // server took nothing. The answers wait for it, then go again after a fresh look.
        holdAgain(batch);
        return;
      }
      // The server never created the run (an HTTP error), or it may have (the connection dropped).
      const failed = toTransportError(error);
      settleHeld(batch, () => {
        throw failed;
      });
      if (note) endChat(note, failed);
      await refresh();
      return;
    }
    running -= 1;
    if (first?.event === "error" && refusedResume(first.data)) {
      // Nothing was consumed: another page or device resumed one of these first. What is still
      // waiting goes again after a fresh look (the chat message with it); the rest settle then.
      holdAgain(batch);
      await drain(follows(parts));
      return;
    }
    busyAttempts = 0;
    for (const answer of batch) resumed.set(answer.id, answer.answer);
    settleHeld(batch, () => ACCEPTED);
    await drain(follows(parts, first));
    // Its replies are in: the message goes next, once the resumed run is over (startWith) — before
    // a message queued while its replies were on their way (a double send: typed after it).
    if (note) {
      note.replies = [];
      const at = chats.indexOf(note);
      if (at > 0) chats.unshift(...chats.splice(at, 1));
      flush();
    }
  };

  /** A chat message as a new run's input: nothing waits on the thread. */
  const startWith = async (note: PendingMessage) => {
    const payload = runPayload({ input: note.update });
    running += 1;
    let parts: AsyncIterator<LangGraphStreamPart>;
    let first: LangGraphStreamPart | undefined;
    try {
      parts = client.runs.stream(threadId ?? "", assistantId, payload)[Symbol.asyncIterator]();
      const next = await parts.next();
      first = next.done ? undefined : next.value;
    } catch (error) {
      running -= 1;
      // A thread running something else took nothing: the message goes after a fresh look.
      if (isBusy(error)) later();
      else endChat(note, toTransportError(error));
      return;
    }
    running -= 1;
    busyAttempts = 0;
    endChat(note);
    await drain(follows(parts, first));
  };

  let busyAttempts = 0;
  /** Answers held again after a refusal wait this long before they go again (polls included). */
  let heldUntil = 0;
  const holdAgain = (batch: readonly Held[]) => {
    for (const answer of batch) held.set(answer.id, answer);
    later();
  };
  /** Looks again (and sends what is held) after a growing delay. */
  const later = () => {
    busyAttempts += 1;
    const delay = Math.min(250 * 2 ** (busyAttempts - 1), 4000);
    heldUntil = Date.now() + delay;
    setTimeout(flush, delay);
  };

  // ─── chat messages ───────────────────────────────────────────────────────────────────────────

  /** Chat messages on their way, in the order they came: each goes with its replies' resume, or as a run of its own. */
  const chats: PendingMessage[] = [];
  const messageUpdate = options.messageUpdate ?? defaultMessageUpdate;

  /** The message went (no `error`), or never will: its replies still held never go without it. */
  const endChat = (note: PendingMessage, error?: unknown) => {
    const at = chats.indexOf(note);
    if (at < 0) return;
    chats.splice(at, 1);
    if (error === undefined) {
      note.resolve();
      return;
    }
    settleHeld(
      note.replies.flatMap((id) => held.get(id) ?? []),
      () => {
        throw error;
      },
    );
    note.reject(error);
  };

  const sendMessage = async (
    message: ChatMessage,
    replies: readonly TransportAnswer[],
  ): Promise<ReadonlySet<string>> => {
    // Every reply in the transport's wire form first: a review that cannot be rejected refuses
    // the whole message (it would leave that action without a decision), before anything is held.
    const answers: Omit<Held, "resolve" | "reject">[] = [];
    for (const { requestId, answer } of replies) {
      if (resumed.has(requestId) || held.has(requestId)) continue; // already on its way: not this message's
      answers.push(encode(requestId, answer));
    }
    const update = messageUpdate(message);
    const outcomes = answers.map(
      (answer) =>
        new Promise<SendOutcome>((resolve, reject) => {
          held.set(answer.id, { ...answer, resolve, reject });
        }),
    );
    const settled = Promise.allSettled(outcomes);
    const went = new Promise<void>((resolve, reject) => {
      chats.push({
        update,
        replies: answers.map((answer) => answer.id),
        deadline: Date.now() + MESSAGE_WAIT_MS,
        resolve,
        reject,
      });
    });
    queueMicrotask(flush);
    const replied = async () => {
      const sent = new Set<string>();
      for (const [index, outcome] of (await settled).entries()) {
        if (outcome.status === "fulfilled" && outcome.value.type === "accepted") sent.add(answers[index]?.id ?? "");
      }
      return sent;
    };
    try {
      await went;
    } catch (error) {
      // The replies may have resumed the graph before the message's own run failed (a question
      // the resumed run asked next kept it back): those stay answered, only the message failed.
      const sent = await replied();
      if (sent.size === 0) throw error;
      throw new MessageNotSentError(messageOf(error), sent);
    }
    return replied();
  };

  /** One answer in the wire form `interrupt(…)` (or the HITL middleware) reads. */
  const encode = (requestId: string, answer: AnswerBody): Omit<Held, "resolve" | "reject"> => {
    const owner = convert.owner(requestId);
    const action = owner?.action;
    let wire: unknown;
    try {
      wire = action
        ? hitlDecision(action.of[action.index] as HitlAction, answer)
        : resumeValue(answer, owner?.interrupt);
    } catch (error) {
      // A decision the action's review does not allow: the middleware would fail the run; nothing goes.
      if (error instanceof DisallowedDecisionError) throw new HitlTransportError(error.message, "rejected");
      throw error;
    }
    const interruptId = owner?.interrupt.id ?? requestId;
    return { id: requestId, interruptId, hitl: action !== undefined, answer, wire };
  };

  const settleHeld = (answers: readonly Held[], outcome: (answer: Held) => SendOutcome) => {
    for (const answer of answers) {
      held.delete(answer.id);
      try {
        answer.resolve(outcome(answer));
      } catch (error) {
        answer.reject(error);
      }
    }
  };

  if (options.initialState !== undefined) {
    deliver(convert.state(options.initialState, { resumed }));
    state.setConnection("live");
  }

  return {
    sessionKey: `langgraph:${threadId ?? "pending"}`,
    connection: state.connection,
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
    refresh,
    observe: <P extends LangGraphStreamPart>(stream: AsyncIterable<P>) => follows(stream[Symbol.asyncIterator]()),
    close,
    sync(view) {
      if (view.interrupts) part({ event: "values", data: { __interrupt__: view.interrupts } });
      const was = busy;
      busy = view.busy === true;
      // A run the binding followed just ended: what it asked or settled is in the thread now (a
      // resume of this transport's own reads the thread itself once it knows how it went).
      if (was && !busy && running === 0) void refresh().then(flush);
    },
    send({ requestId, answer }: TransportAnswer): Promise<SendOutcome> {
      if (resumed.has(requestId)) {
        return Promise.reject(new HitlTransportError("This page already resumed the graph for it.", "unconfirmed"));
      }
      if (held.has(requestId)) {
        return Promise.reject(new HitlTransportError("An answer to it is already on its way.", "unconfirmed"));
      }
      let encoded: Omit<Held, "resolve" | "reject">;
      try {
        encoded = encode(requestId, answer);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<SendOutcome>((resolve, reject) => {
        held.set(requestId, { ...encoded, resolve, reject });
        queueMicrotask(flush);
      });
    },
    sendMessage,
  };
}

/** How long a chat message waits for a question another page is answering before it gives up (nothing sent). */
const MESSAGE_WAIT_MS = 15_000;

interface PendingMessage {
  /** The state update the message is (`messageUpdate`). */
  readonly update: Record<string, unknown>;
  /** The requests replied to for it, until their resume went (the message goes after it). */
  replies: readonly string[];
  readonly deadline: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** A chat message as `useStream` reads it: a human message appended to `messages`. */
function defaultMessageUpdate(message: ChatMessage): Record<string, unknown> {
  return { messages: [{ type: "human", content: message.text }] };
}

type ReadResult = { readonly ok: true } | { readonly ok: false; readonly error: unknown };
const READ: ReadResult = { ok: true };

interface Held {
  /** The request's id. */
  readonly id: string;
  /** The interrupt it answers (the same id, but for an action of a HITLRequest). */
  readonly interruptId: string;
  /** An action of a HITLRequest: `wire` is its decision, sent with the others in `{ decisions }`. */
  readonly hitl: boolean;
  readonly answer: AnswerBody;
  readonly wire: unknown;
  resolve(outcome: SendOutcome): void;
  reject(error: unknown): void;
}

const ANSWERED_ELSEWHERE: SendOutcome = { type: "answered-elsewhere" };

/**
 * The value `interrupt(…)` returns in the graph: the kind's typed result (`toToolOutput`: the
 * value itself, or `{ declined: true, reason? }`, `{ reply }`…) for the kit's interrupts, read
 * back with `readResume` (`hitl-kit/server`). A plain interrupt (a string question, someone
 * else's object) answered in words gets the words themselves, as a graph that asked in text expects.
 */
export function resumeValue(answer: AnswerBody, interrupt?: LangGraphInterrupt): unknown {
  if (answer.type === "reply" && interrupt !== undefined && !isKitInterrupt(interrupt.value)) return answer.text;
  return toToolOutput(answer);
}

/** The thread is running another run (`multitaskStrategy: "reject"`): nothing was taken. */
function isBusy(error: unknown): boolean {
  const status = statusOf(error);
  return status === 409 || (status === 422 && /already running/i.test(messageOf(error)));
}

/** LangGraph's strict resume refusing an interrupt that is not waiting (`UnknownInterruptError`). */
function refusedResume(data: unknown): boolean {
  return typeof data === "object" && data !== null && "error" in data && data.error === "UnknownInterruptError";
}

function describeError(data: unknown): string {
  if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return "The run failed";
}

function statusOf(error: unknown): number | undefined {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
    ? error.status
    : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The rest of the adapter a server or a script needs.
export {
  createLangGraphConverter,
  isKitInterrupt,
  type LangGraphConverter,
  type LangGraphInterrupt,
  type LangGraphRequestOwner,
  type LangGraphStateContext,
  MAX_INTERRUPT_PROMPT_LENGTH,
  pendingInterrupts,
  requestFromInterrupt,
} from "./convert";
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
export { REPLIED_IN_CHAT_REASON };
