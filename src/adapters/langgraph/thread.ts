import type { AnswerBody } from "../../core/answer";
import type { ConnectionState, TransportEvents } from "../../core/transport";
import type { LangGraphConverter } from "./convert";
import type { LangGraphClientLike, LangGraphStreamPart } from "./types";

/**
 * Following a LangGraph thread for the transport: reading its state (one read at a time, in
 * order), polling it while a client follows it and no run streams, and delivering the parts of the
 * runs that do. What it reads goes through the converter to the client's ledger; it decides
 * nothing about answers (the transport's outbox does).
 */
export interface ThreadFollower {
  /** Reads the thread's state and delivers what changed (`ok: false`: the read failed, the connection is `offline`). */
  read(): Promise<ReadResult>;
  /** Delivers a run's parts as they stream; reads the thread once it ends (then `afterRun`). */
  follows<P extends LangGraphStreamPart>(parts: AsyncIterator<P>, first?: P): AsyncGenerator<P>;
  /** Delivers one part (a run's, or the interrupts a UI binding saw stream by). */
  part<P extends LangGraphStreamPart>(value: P): P;
  /** Reads a run to its end (its parts delivered by `follows`), reporting a failure. */
  drain(parts: AsyncIterable<LangGraphStreamPart>): Promise<void>;
  /** A run of the transport's own is being started: polling waits for it (`done` when its first parts are in). */
  starting(): () => void;
  /** Whether a run the UI binding follows streams; returns whether one did before. */
  setBusy(busy: boolean): boolean;
  /** No run streams: polls and resumes may go. */
  idle(): boolean;
  /** Follows the thread: a read now, then one every `pollMs` while idle. */
  follow(): void;
  /** Stops polling (reads and runs still deliver). */
  close(): void;
}

/**
 * What transports over one thread follow (`HitlTransport.follows`): one object per SDK client and
 * thread id, so the clients over two transports on one thread (two hooks over one `useStream`)
 * share one ledger and one gate. Held weakly: a thread's key — and with it the ledger the kit keeps
 * for it — lives while a transport over the thread does, and is collected after the last one (a
 * page that visits a thousand threads keeps no thousand ledgers). Another client object, or
 * another device, is another conversation as far as the page can tell: its strict resume still
 * lets the graph take one answer.
 */
const threadKeys = new WeakMap<object, Map<string, WeakRef<object>>>();

export function threadKey(client: object, threadId: string): object {
  let keys = threadKeys.get(client);
  if (!keys) {
    keys = new Map();
    threadKeys.set(client, keys);
  }
  const known = keys.get(threadId)?.deref();
  if (known) return known;
  for (const [id, ref] of keys) if (ref.deref() === undefined) keys.delete(id);
  const key = { threadId };
  keys.set(threadId, new WeakRef(key));
  return key;
}

export type ReadResult = { readonly ok: true } | { readonly ok: false; readonly error: unknown };
const READ: ReadResult = { ok: true };

export interface ThreadFollowerOptions {
  readonly client: LangGraphClientLike;
  readonly threadId: string | null;
  readonly pollMs: number;
  readonly convert: LangGraphConverter;
  readonly events: TransportEvents;
  readonly connection: ConnectionState;
  /** What this page resumed each request with (the converter settles those as this page's answers). */
  readonly resumed: () => ReadonlyMap<string, AnswerBody>;
  /** After a read that follows a run or a poll: the transport sends what it holds. */
  readonly afterRead: () => void;
  readonly report: (error: unknown) => void;
}

export function followThread(options: ThreadFollowerOptions): ThreadFollower {
  const { client, threadId, convert, events, connection, report } = options;
  /** Bumped by every part that parks something: a read under way may be older than it. */
  let generation = 0;
  let closed = true;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  /** Runs of the transport (or observed app runs) streaming: polling waits for them. */
  let running = 0;
  /** A run the UI binding follows is streaming (`sync({ busy })`). */
  let busy = false;
  const idle = () => running === 0 && !busy;
  let ended = false;
  /** The thread was there at least once (a 404 after that: it was deleted). */
  let found = false;

  const readOnce = async (): Promise<ReadResult> => {
    for (let attempt = 0; ; attempt++) {
      const seen = generation;
      const asked = new Map<string, unknown>();
      if (threadId === null) {
        connection.setConnection("live");
        return READ;
      }
      let current: unknown;
      try {
        current = await client.threads.getState(threadId);
        for (const checkpoint of convert.needs(current, options.resumed())) {
          asked.set(checkpoint, await client.threads.getState(threadId, checkpoint));
        }
      } catch (error) {
        if (statusOf(error) === 404) {
          // The thread is gone: whatever it was waiting on is over. A thread this transport never
          // read yet may not be there YET (a client that names its thread before its first run
          // creates it, as @langchain/react does): nothing waits on it.
          if (found && !ended) events.deliver({ type: "transport", changes: [{ type: "session-ended" }] });
          ended ||= found;
          connection.setConnection("live");
          return READ;
        }
        connection.setConnection("offline");
        report(error);
        return { ok: false, error };
      }
      found = true;
      // A stream part parked something while this read was under way: the state may be older.
      if (seen !== generation && attempt < 5) continue;
      events.deliver(convert.state(current, { asked, resumed: options.resumed() }));
      connection.setConnection("live");
      return READ;
    }
  };

  let reading: Promise<ReadResult> | undefined;
  let queued: Promise<ReadResult> | undefined;
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
  const readThenSend = () => void read().then(options.afterRead);

  const poll = () => {
    if (closed || options.pollMs <= 0) return;
    pollTimer = setTimeout(async () => {
      pollTimer = undefined;
      if (closed) return;
      if (idle()) await read();
      if (idle()) options.afterRead();
      poll();
    }, options.pollMs);
  };

  const part = <P extends LangGraphStreamPart>(value: P): P => {
    const action = convert.chunk(value);
    if (action) generation += 1;
    events.deliver(action);
    if (value.event === "error") report(new Error(describeError(value.data)));
    return value;
  };

  return {
    read,
    part,
    async *follows<P extends LangGraphStreamPart>(parts: AsyncIterator<P>, first?: P): AsyncGenerator<P> {
      running += 1;
      try {
        if (first) yield part(first);
        for (let next = await parts.next(); !next.done; next = await parts.next()) yield part(next.value);
      } finally {
        running -= 1;
        await read();
        options.afterRead();
      }
    },
    async drain(parts) {
      try {
        for await (const _ of parts) {
          // follows() delivers each part.
        }
      } catch (error) {
        report(error);
      }
    },
    starting() {
      running += 1;
      return () => {
        running -= 1;
      };
    },
    setBusy(next) {
      const was = busy;
      busy = next;
      // A run the binding followed just ended: what it asked or settled is in the thread now (a
      // resume of the transport's own reads the thread itself once it knows how it went).
      if (was && !busy && running === 0) readThenSend();
      return was;
    },
    idle,
    follow() {
      if (!closed) return;
      closed = false;
      readThenSend();
      poll();
    },
    close() {
      closed = true;
      if (pollTimer !== undefined) clearTimeout(pollTimer);
      pollTimer = undefined;
    },
  };
}

/** The thread is running another run (`multitaskStrategy: "reject"`): nothing was taken. */
export function isBusy(error: unknown): boolean {
  const status = statusOf(error);
  return status === 409 || (status === 422 && /already running/i.test(messageOf(error)));
}

/** LangGraph's strict resume refusing an interrupt that is not waiting (`UnknownInterruptError`). */
export function refusedResume(data: unknown): boolean {
  return typeof data === "object" && data !== null && "error" in data && data.error === "UnknownInterruptError";
}

function describeError(data: unknown): string {
  if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return "The run failed";
}

export function statusOf(error: unknown): number | undefined {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number"
    ? error.status
    : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
