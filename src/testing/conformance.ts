import { z } from "zod";
import type { AnswerBody } from "../core/answer";
import { createHitlClient, type HitlClient } from "../core/client";
import { createStorageJournal, type JournalLocks, type JournalStorage, type SubmissionJournal } from "../core/journal";
import type { ParkedRequest } from "../core/model";
import type { HitlTransport } from "../core/transport";
import { defineKind } from "../kinds/define-kind";
import { createMemoryLocks, createMemoryStorage } from "./memory";

/**
 * The transport conformance suite: every exactly-once guarantee the kit makes, run against one
 * adapter. Framework-agnostic — it needs no React and no particular test runner: pass your
 * runner's `describe` and `it`, and a driver that builds the adapter's transport and drives its
 * server side. Every adapter in the kit runs it; so should yours.
 *
 *   runTransportConformance({ describe, it }, { name: "my transport", createServer });
 *
 * The server parks requests of `conformanceKind` (`ui: { kind: "pick", ids }`, answered with
 * `{ id }`). Invariants checked after every scenario: at most one answer per request reached
 * the server, no stray messages, and a request that is over has exactly one tool result.
 */

/** The kind every conformance request uses. Register it wherever your transport needs kinds. */
export const conformanceKind = defineKind({
  kind: "pick",
  request: z.object({ ids: z.array(z.string()).min(1).max(10) }),
  response: z.strictObject({ id: z.string() }),
  check: (request, response) =>
    request.ids.includes(response.id) ? [] : [{ path: ["id"], message: `Unknown id "${response.id}"` }],
});

export interface ConformanceRef {
  readonly requestId: string;
  readonly callId: string;
}

/** How the next answer POST (or its equivalent) fails. */
export type ConformanceFailure =
  /** The network drops before the server gets the answer. */
  | { readonly type: "network-before" }
  /** The server gets and processes the answer, then the response is lost. */
  | { readonly type: "network-after" }
  /** The server refuses it with an HTTP status (400: definitive; 503: worth retrying). */
  | { readonly type: "status"; readonly status: number };

/** One page's view of the conversation: its own transport (and ledger). */
export interface ConformanceConnection {
  readonly transport: HitlTransport;
  /** The stream delivers every event again from the start (a reconnect, a replaying proxy). */
  replay(): void | Promise<void>;
  /** This page's stream stops delivering events (a lagging tab): its ledger stops moving. */
  pause(): void;
  /** The page goes away (sends in flight carry on, as the browser would). */
  close(): void;
}

export interface ConformanceServer {
  /** The agent parks one request of `conformanceKind` with these ids. */
  ask(ids: readonly string[]): ConformanceRef | Promise<ConformanceRef>;
  /** Opens a page on this conversation. Resolves once the transport is live. */
  connect(): ConformanceConnection | Promise<ConformanceConnection>;
  /** Every answer the server RECEIVED for the request, read back as typed answers, in order. */
  received(ref: ConformanceRef): readonly AnswerBody[];
  /** Tool results the call produced: exactly one once the request is over. */
  toolResults(ref: ConformanceRef): number;
  /** Messages the server made out of answers it could not use (eve: a stray user message). */
  strays(): number;
  /** The next answer fails as described. */
  failNext(failure: ConformanceFailure): void;
  /** The agent gives up on the request (it settles without an answer). */
  withdraw(ref: ConformanceRef): void | Promise<void>;
  /** Resolves once the server processed everything and every open page has seen it. */
  idle(): Promise<void>;
  /** Frees what the server holds. */
  close?(): void | Promise<void>;
  /**
   * The server sits behind the kit's answer guard (`createEveAnswerGuard` with a claim store, or
   * its equivalent): the first answer to a request wins, a later one is refused as answered
   * elsewhere. Needed by the two-devices scenario.
   */
  readonly guarded?: boolean;
}

export interface ConformanceDriver {
  readonly name: string;
  createServer(): ConformanceServer | Promise<ConformanceServer>;
  /**
   * The unconfirmed grace period the suite's clients use: long enough for the server to settle
   * an answer it received and for the page to see it. @default 150
   */
  readonly graceMs?: number;
  /** Scenarios this transport cannot express, with the reason (reported, not silently passed). */
  readonly skip?: Partial<Record<ConformanceScenario, string>>;
}

/** The runner functions the suite needs (Vitest, Jest, Mocha, `node:test` all fit). */
export interface ConformanceRunner {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>, timeoutMs?: number): void;
}

export type ConformanceScenario = keyof typeof scenarios;

/** Registers the suite with your runner. */
export function runTransportConformance(runner: ConformanceRunner, driver: ConformanceDriver): void {
  runner.describe(`${driver.name}: transport conformance`, () => {
    for (const [name, scenario] of Object.entries(scenarios) as [ConformanceScenario, Scenario][]) {
      const reason = driver.skip?.[name];
      runner.it(
        reason ? `${scenario.title} — skipped: ${reason}` : scenario.title,
        async () => {
          if (reason) return;
          const world = await createWorld(driver);
          try {
            await scenario.run(world);
            await world.checkInvariants();
          } finally {
            await world.dispose();
          }
        },
        20_000,
      );
    }
  });
}

// ─── the world a scenario runs in ────────────────────────────────────────────────────────────────

/**
 * A browser "tab": its own sessionStorage, and its browser's localStorage and locks (shared by
 * the tabs of one device; another device has its own).
 */
interface Tab {
  readonly session: JournalStorage;
  readonly local: JournalStorage;
  readonly locks: JournalLocks;
}

interface Page {
  readonly connection: ConformanceConnection;
  readonly client: HitlClient;
  request(ref: ConformanceRef): ParkedRequest | undefined;
}

interface World {
  readonly server: ConformanceServer;
  readonly graceMs: number;
  ask(ids?: readonly string[]): Promise<ConformanceRef>;
  newTab(): Tab;
  /** A tab on another device: nothing in common with this one's storage and locks. */
  newDevice(): Tab;
  /** Opens a page in `tab` (a new tab by default), with its own client. */
  open(tab?: Tab): Promise<Page>;
  /**
   * Reloads `page` of `tab`: the page goes away (its connection closes, and its script — the
   * client — stops writing the tab's storage, as an unloaded page's does) and a new one opens
   * on the tab's session storage as it was at that moment.
   */
  reload(page: Page, tab: Tab): Promise<Page>;
  /** A second client over a page's transport (a second provider, or StrictMode's second render). */
  secondClient(page: Page): HitlClient;
  journal(tab: Tab): SubmissionJournal;
  settle(): Promise<void>;
  wait(ms: number): Promise<void>;
  checkInvariants(): Promise<void>;
  dispose(): Promise<void>;
}

async function createWorld(driver: ConformanceDriver): Promise<World> {
  const server = await driver.createServer();
  const graceMs = driver.graceMs ?? 150;
  const local = createMemoryStorage();
  const locks: JournalLocks = createMemoryLocks();
  const refs: ConformanceRef[] = [];
  const pages: Page[] = [];
  const clients: HitlClient[] = [];
  const unmounts: (() => void)[] = [];

  const journal = (tab: Tab) => createStorageJournal({ session: tab.session, local: tab.local, locks: tab.locks });
  const newTab = (): Tab => ({ session: createMemoryStorage(), local, locks });
  const newClient = (transport: HitlTransport, tab: Tab) => {
    const client = createHitlClient({
      transport,
      kinds: [conformanceKind],
      journal: journal(tab),
      unconfirmedGraceMs: graceMs,
    });
    clients.push(client);
    unmounts.push(client.mount());
    return client;
  };
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const settle = async () => {
    await server.idle();
    await Promise.all(clients.map((client) => client.whenIdle()));
    await server.idle();
  };

  const world: World = {
    server,
    graceMs,
    async ask(ids = ["a", "b"]) {
      const ref = await server.ask(ids);
      refs.push(ref);
      return ref;
    },
    newTab,
    newDevice: () => ({ session: createMemoryStorage(), local: createMemoryStorage(), locks: createMemoryLocks() }),
    async open(tab = newTab()) {
      const connection = await server.connect();
      const client = newClient(connection.transport, tab);
      const page: Page = {
        connection,
        client,
        request: (ref) => client.getRequest(ref.requestId),
      };
      pages.push(page);
      return page;
    },
    async reload(page, tab) {
      page.connection.close();
      const session = createMemoryStorage();
      for (let index = 0; index < tab.session.length; index++) {
        const key = tab.session.key(index);
        if (key !== null) session.setItem(key, tab.session.getItem(key) ?? "");
      }
      return world.open({ ...tab, session });
    },
    secondClient(page) {
      const client = createHitlClient({
        transport: page.connection.transport,
        kinds: [conformanceKind],
        journal: page.client.journal,
        unconfirmedGraceMs: graceMs,
      });
      clients.push(client);
      unmounts.push(client.mount());
      return client;
    },
    journal,
    settle,
    wait,
    async checkInvariants() {
      await settle();
      for (const ref of refs) {
        const received = server.received(ref);
        expectThat(received.length <= 1, `request ${ref.requestId}: the server received ${received.length} answers`);
      }
      expectThat(server.strays() === 0, `the server made ${server.strays()} stray message(s) out of answers`);
    },
    async dispose() {
      for (const unmount of unmounts) unmount();
      for (const page of pages) page.connection.close();
      await server.close?.();
    },
  };
  return world;
}

// ─── scenarios ───────────────────────────────────────────────────────────────────────────────────

interface Scenario {
  readonly title: string;
  run(world: World): Promise<void>;
}

const pickA: AnswerBody = { type: "value", value: { id: "a" } };
const pickB: AnswerBody = { type: "value", value: { id: "b" } };

/** The request is over for this page, and the server got exactly `answer`, once, with one result. */
async function expectAnsweredOnce(world: World, page: Page, ref: ConformanceRef, answer: AnswerBody) {
  await world.settle();
  const received = world.server.received(ref);
  expectThat(received.length === 1, `expected exactly one answer at the server, got ${received.length}`);
  expectEqual(received[0], answer, "the answer the server received");
  expectThat(world.server.toolResults(ref) === 1, `expected one tool result, got ${world.server.toolResults(ref)}`);
  await until(() => page.request(ref)?.state === "settled", "the page to show the request settled");
}

const scenarios = {
  doubleClick: {
    title: "given a double click, should send one answer",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      expectEqual(page.client.answer(ref.requestId, pickA).status, "sent", "first click");
      expectEqual(page.client.answer(ref.requestId, pickA).status, "already-answered", "second click");
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  twoChoices: {
    title: "given two different choices in a row, should keep only the first",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      page.client.answer(ref.requestId, pickA);
      page.client.answer(ref.requestId, pickB);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  twoRenderers: {
    title: "given two renderers (two clients over one transport) answering at once, should send one answer",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      const other = world.secondClient(page);
      await until(() => page.request(ref)?.state === "open", "the request to open");
      page.client.answer(ref.requestId, pickA);
      other.answer(ref.requestId, pickB);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  strictMode: {
    title: "given StrictMode's double render and mount → unmount → mount, should send one answer",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      // The second render's client, mounted, unmounted and mounted again, as StrictMode does.
      const twin = world.secondClient(page);
      const unmount = twin.mount();
      unmount();
      unmount(); // a second cleanup must not stop the other mount
      await until(() => page.request(ref)?.state === "open", "the request to open");
      twin.answer(ref.requestId, pickA);
      page.client.answer(ref.requestId, pickA);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  decline: {
    title: "given a decline, should send exactly one typed decline",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      page.client.answer(ref.requestId, { type: "declined", reason: "none fit" });
      page.client.answer(ref.requestId, { type: "declined", reason: "none fit" });
      await expectAnsweredOnce(world, page, ref, { type: "declined", reason: "none fit" });
    },
  },
  twoTabs: {
    title: "given two tabs sharing storage answering at once, should send one answer",
    async run(world) {
      const ref = await world.ask();
      const tabA = await world.open();
      const tabB = await world.open();
      await until(() => tabA.request(ref)?.state === "open" && tabB.request(ref)?.state === "open", "both tabs");
      tabA.client.answer(ref.requestId, pickA);
      tabB.client.answer(ref.requestId, pickB);
      await world.settle();
      const received = world.server.received(ref);
      expectThat(received.length === 1, `expected one answer from two tabs, got ${received.length}`);
      await until(
        () => tabA.request(ref)?.state === "settled" && tabB.request(ref)?.state === "settled",
        "both tabs to show the request settled",
      );
    },
  },
  laggingTab: {
    title:
      "given a lagging tab that still shows the request open after another tab's answer settled, should not send again",
    async run(world) {
      const ref = await world.ask();
      const tabA = await world.open();
      const tabB = await world.open();
      await until(() => tabB.request(ref)?.state === "open", "tab B to show the request");
      tabB.connection.pause();
      tabA.client.answer(ref.requestId, pickA);
      await expectAnsweredOnce(world, tabA, ref, pickA);
      expectThat(tabB.request(ref)?.state === "open", "tab B lags: it still shows the request open");
      tabB.client.answer(ref.requestId, pickB);
      await world.settle();
      expectThat(world.server.received(ref).length === 1, "the lagging tab must not send a second answer");
    },
  },
  reloadArrived: {
    title: "given a reload mid-submit whose answer arrived, should show it as sent and never send it again",
    async run(world) {
      const ref = await world.ask();
      const tab = world.newTab();
      const before = await world.open(tab);
      await until(() => before.request(ref)?.state === "open", "the request to open");
      before.client.answer(ref.requestId, pickA);
      const after = await world.reload(before, tab); // the page goes away with the answer in flight
      expectThat(after.request(ref)?.state !== "open", "after the reload the request must not be open again");
      after.client.answer(ref.requestId, pickB);
      await world.wait(world.graceMs * 2);
      await expectAnsweredOnce(world, after, ref, pickA);
    },
  },
  reloadNeverArrived: {
    title: "given a reload mid-submit whose answer never arrived, should reopen after the grace period and send once",
    async run(world) {
      const ref = await world.ask();
      const tab = world.newTab();
      // The previous page recorded its answer and died before it left.
      const sessionKey = (await world.open(world.newTab())).connection.transport.sessionKey;
      world.journal(tab).record(sessionKey, ref.requestId, pickA);
      const page = await world.open(tab);
      expectThat(page.request(ref)?.state === "submitting", "the restored answer shows as in flight");
      await until(
        () => page.request(ref)?.state === "open" && page.request(ref)?.error !== undefined,
        "the request to reopen after the grace period",
      );
      expectThat(world.server.received(ref).length === 0, "nothing was sent yet");
      page.client.retry(ref.requestId);
      page.client.retry(ref.requestId);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  dropBefore: {
    title: "given the network drops before the server got the answer, should reopen it and send once on retry",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      world.server.failNext({ type: "network-before" });
      page.client.answer(ref.requestId, pickA);
      await until(
        () => page.request(ref)?.state === "open" && page.request(ref)?.error !== undefined,
        "the request to reopen with an error",
      );
      expectThat(world.server.received(ref).length === 0, "the server got nothing");
      page.client.retry(ref.requestId);
      page.client.retry(ref.requestId);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  dropAfter: {
    title: "given the network drops after the server got the answer, should never send it again",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      world.server.failNext({ type: "network-after" });
      page.client.answer(ref.requestId, pickA);
      await world.settle();
      await world.wait(world.graceMs * 2);
      // Whatever the page showed meanwhile, any retry or new answer must not reach the server.
      page.client.retry(ref.requestId);
      page.client.answer(ref.requestId, pickB);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  refused: {
    title: "given the server refuses the answer (HTTP 400), should show the error and send once on retry",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      world.server.failNext({ type: "status", status: 400 });
      page.client.answer(ref.requestId, pickA);
      await until(() => page.request(ref)?.error?.kind === "rejected", "the refusal to show");
      expectThat(page.request(ref)?.state === "open", "a refused answer reopens the request");
      page.client.retry(ref.requestId);
      page.client.retry(ref.requestId);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  transient: {
    title: "given a transient refusal (HTTP 503), should retry by itself and send once",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      world.server.failNext({ type: "status", status: 503 });
      page.client.answer(ref.requestId, pickA);
      await until(() => world.server.received(ref).length > 0, "the automatic retry", 5_000);
      await expectAnsweredOnce(world, page, ref, pickA);
    },
  },
  lateAnswer: {
    title: "given the server settled the request, a late answer should not be sent",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      await world.server.withdraw(ref);
      await world.settle();
      await until(() => page.request(ref)?.state === "settled", "the page to see the request settle");
      page.client.answer(ref.requestId, pickA);
      await world.settle();
      expectThat(world.server.received(ref).length === 0, "a late answer must not reach the server");
      expectThat(world.server.toolResults(ref) === 1, "the withdrawn call still has its one result");
    },
  },
  replay: {
    title: "given replayed and duplicated events, should keep one request, never regress it and never resend",
    async run(world) {
      const ref = await world.ask();
      const page = await world.open();
      await until(() => page.request(ref)?.state === "open", "the request to open");
      await page.connection.replay();
      await page.connection.replay();
      const ledger = () => page.client.store.getSnapshot();
      const before = page.request(ref)?.seq;
      expectThat(page.request(ref)?.state === "open" && page.request(ref)?.seq === before, "one request, still open");
      page.client.answer(ref.requestId, pickA);
      await expectAnsweredOnce(world, page, ref, pickA);
      const settled = ledger();
      await page.connection.replay();
      await world.settle();
      expectThat(page.request(ref)?.state === "settled", "a replay must not reopen a settled request");
      expectThat(ledger().nextSeq === settled.nextSeq, "a replay must not add requests");
      page.client.answer(ref.requestId, pickB);
      await world.settle();
      expectThat(world.server.received(ref).length === 1, "nothing is sent after a replay");
    },
  },
  replyInTwoTabs: {
    title: "given a chat reply in one tab while another tab answers the request at once, should send one answer",
    async run(world) {
      const ref = await world.ask();
      const tabA = await world.open();
      const tabB = await world.open();
      await until(() => tabA.request(ref)?.state === "open" && tabB.request(ref)?.state === "open", "both tabs");
      if (!tabB.connection.transport.sendMessage) {
        throw new ConformanceError("this transport has no reply path (sendMessage): skip the scenario with the reason");
      }
      // The reply path goes through the same gate, journal and cross-tab claim as a widget's answer.
      tabA.client.answer(ref.requestId, pickA);
      await tabB.client.sendMessage({ text: "the other one" });
      await world.settle();
      const received = world.server.received(ref);
      expectThat(received.length === 1, `expected one answer from a widget and a chat reply, got ${received.length}`);
    },
  },
  twoDevices: {
    title:
      "given two devices answering at once behind the answer guard, should send one answer and settle the other device once, as answered elsewhere with the winner's answer",
    async run(world) {
      if (!world.server.guarded) {
        throw new ConformanceError("this server is not behind the answer guard: skip the scenario with the reason");
      }
      const ref = await world.ask();
      const one = await world.open(world.newDevice());
      const two = await world.open(world.newDevice());
      await until(() => one.request(ref)?.state === "open" && two.request(ref)?.state === "open", "both devices");
      expectEqual(one.client.answer(ref.requestId, pickA).status, "sent", "device one");
      expectEqual(
        two.client.answer(ref.requestId, pickB).status,
        "sent",
        "device two (its own ledger still shows it open)",
      );
      await world.settle();
      const received = world.server.received(ref);
      expectThat(received.length === 1, `expected one answer from two devices, got ${received.length}`);
      const winner = received[0];
      const loser = JSON.stringify(winner) === JSON.stringify(pickA) ? two : one;
      await until(() => loser.request(ref)?.state === "settled", "the other device to settle the request");
      const settled = loser.request(ref);
      expectThat(settled?.answeredElsewhere === true, "the other device shows the request answered elsewhere");
      expectEqual(settled?.resolution, winner, "the answer the other device shows");
      // Settled once: nothing more goes out, and catching up leaves it settled with that answer.
      expectEqual(loser.client.answer(ref.requestId, pickA).status, "already-answered", "answering again");
      await loser.connection.replay();
      await world.settle();
      expectEqual(loser.request(ref)?.resolution, winner, "the answer after catching up");
      expectThat(world.server.received(ref).length === 1, "still one answer at the server");
    },
  },
} satisfies Record<string, Scenario>;

// ─── assertions (no test-runner dependency) ──────────────────────────────────────────────────────

export class ConformanceError extends Error {
  override readonly name = "ConformanceError";
}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ConformanceError(message);
}

function expectEqual(actual: unknown, expected: unknown, what: string) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new ConformanceError(`${what}: expected ${e}, got ${a}`);
}

async function until(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new ConformanceError(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
