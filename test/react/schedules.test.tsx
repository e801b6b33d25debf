import { act, cleanup, fireEvent, render } from "@testing-library/react";
import fc from "fast-check";
import { StrictMode } from "react";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { createStorageJournal, type JournalLocks, type JournalStorage } from "../../src/core/journal";
import { selectRequest } from "../../src/core/ledger";
import { HitlProvider } from "../../src/react/provider";
import { HitlRenderer } from "../../src/react/renderer";
import { isSettledStatus, type WidgetStatus } from "../../src/react/widget-props";
import { createManualClock } from "../../src/testing/clock";
import { createMemoryLocks, createMemoryStorage } from "../../src/testing/memory";
import { createTestSession, type TestRequestRef, type TestSession } from "../../src/testing/session";
import { createTestTransport, type TestTransport } from "../../src/testing/transport";
import { captureKitWarnings } from "../support/kit-warnings";
import { ledgerOf } from "../support/ledger";
import { askPick, pickKind, registry, TestFallback } from "./harness";

/**
 * Randomized whole-stack schedules (fast-check model-based commands) through the real React
 * layer: two tabs of one conversation sharing storage and locks, each its own HitlProvider in
 * StrictMode over its own ledger, the first tab with two renderers (inline + queue); people
 * clicking, double-clicking and declining; reloads, unmounts, lagging and replaying streams;
 * the network dropping before and after the server got an answer, refusals; the server
 * settling, withdrawing and answering from a chat message. After every step: at most one answer
 * per request reached the server, no stray messages, nothing threw, and every request a
 * caught-up tab knows as settled shows a receipt in every renderer. Time runs on an injected
 * clock (grace periods, retry waits), so each schedule takes milliseconds.
 *
 * SCHEDULES (default 1,000) and SCHEDULE_SEED reproduce or extend a run; `npm run test:soak` runs more.
 */
const runs = Number(process.env.SCHEDULES ?? 1_000);
const seed = Number(process.env.SCHEDULE_SEED ?? Date.now() % 2 ** 31);

const GRACE_MS = 1_000;

interface Tab {
  /** A new one for each page load: React remounts the tab's provider. */
  readonly id: number;
  /**
   * This page's time. A reload gives the new page a new clock and never advances the old one
   * again: the old page's pending timers (a retry's wait) die with it, as they do in a browser.
   */
  readonly time: ReturnType<typeof createManualClock>;
  readonly session: JournalStorage;
  transport: TestTransport;
  client: HitlClient;
  /** Not following the stream (a lagging tab). */
  lagging: boolean;
  /** Mounted in the page (a reload unmounts and mounts again). */
  mounted: boolean;
}

interface World {
  readonly session: TestSession;
  readonly refs: readonly TestRequestRef[];
  readonly tabs: Tab[];
  readonly local: JournalStorage;
  readonly locks: JournalLocks;
  rerender(): void;
  errors: unknown[];
}

function newClient(
  world: Pick<World, "local" | "locks">,
  transport: TestTransport,
  session: JournalStorage,
  time: ReturnType<typeof createManualClock>,
) {
  return createHitlClient({
    transport,
    kinds: [pickKind],
    journal: createStorageJournal({ session, local: world.local, locks: world.locks }),
    unconfirmedGraceMs: GRACE_MS,
    clock: time,
    retry: { attempts: 2, delayMs: () => 100 },
  });
}

function Page({ world }: { world: World }) {
  return (
    <>
      {world.tabs.map((tab, index) =>
        tab.mounted ? (
          <div key={tab.id} data-testid={`tab-${index}`}>
            <StrictMode>
              <HitlProvider transport={tab.transport} client={tab.client} registry={registry}>
                {index === 0 && (
                  <div data-testid="inline">
                    <HitlRenderer callId={world.refs[0]?.callId} fallback={TestFallback} announce={false} />
                  </div>
                )}
                <div data-testid="queue">
                  <HitlRenderer settled="all" fallback={TestFallback} announce={false} />
                </div>
              </HitlProvider>
            </StrictMode>
          </div>
        ) : null,
      )}
    </>
  );
}

function createWorld(): World {
  const session = createTestSession();
  session.userMessage("pick two things");
  const refs = [askPick(session, ["a", "b"], "First"), askPick(session, ["a", "b"], "Second")];
  const base = { local: createMemoryStorage(), locks: createMemoryLocks() };
  const tabs: Tab[] = [0, 1].map((id) => {
    const storage = createMemoryStorage();
    const transport = createTestTransport(session, { answerGuard: true });
    const time = createManualClock();
    return {
      id,
      time,
      session: storage,
      transport,
      client: newClient(base, transport, storage, time),
      lagging: false,
      mounted: true,
    };
  });
  const world: World = { ...base, session, refs, tabs, rerender: () => {}, errors: [] };
  const view = render(<Page world={world} />);
  world.rerender = () => view.rerender(<Page world={world} />);
  return world;
}

/**
 * Lets the server process what it accepted and React flush what followed. Sends waiting on the
 * injected clock (a retry's wait) stay waiting until a "time passes" step.
 */
async function flush(world: World) {
  await act(async () => {
    for (let i = 0; i < 4; i++) {
      await world.session.whenIdle().catch((error: unknown) => world.errors.push(error));
      // A turn of the event loop, not a timer: nothing here waits on real time (the clock is
      // injected), and a 0 ms timer is 1 ms — most of this file's run was spent in those waits.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}

/** The widgets of one request in one tab (one per renderer that shows it). */
function widgetsOf(world: World, tab: number, ref: TestRequestRef): HTMLElement[] {
  const container = document.querySelector<HTMLElement>(`[data-testid="tab-${tab}"]`);
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>('[data-testid="pick"]')].filter(
    (widget) => widget.querySelector("legend")?.textContent === promptOf(world, ref),
  );
}

function promptOf(world: World, ref: TestRequestRef): string {
  return world.refs.indexOf(ref) === 0 ? "First" : "Second";
}

function checkInvariants(world: World) {
  expect(world.errors).toEqual([]);
  for (const ref of world.refs) {
    const answers = world.session.answers(ref.requestId);
    expect(answers.length, `answers to ${promptOf(world, ref)}`).toBeLessThanOrEqual(1);
  }
  expect(world.session.strayMessages).toEqual([]);
  for (const [index, tab] of world.tabs.entries()) {
    if (!tab.mounted || tab.lagging) continue;
    for (const ref of world.refs) {
      if (selectRequest(ledgerOf(tab.transport).getSnapshot(), ref.requestId)?.state !== "settled") continue;
      for (const widget of widgetsOf(world, index, ref)) {
        const status = widget.getAttribute("data-state") as WidgetStatus;
        expect(isSettledStatus(status), `tab ${index} shows ${promptOf(world, ref)} as ${status}`).toBe(true);
      }
    }
  }
}

type Command = fc.AsyncCommand<{ readonly lagging: boolean[] }, World>;

const tabIndex = fc.constantFrom(0, 1);
const requestIndex = fc.constantFrom(0, 1);

function command(
  name: string,
  run: (world: World) => void | Promise<void>,
  check: (model: { readonly lagging: boolean[] }) => boolean = () => true,
  update: (model: { lagging: boolean[] }) => void = () => {},
): Command {
  return {
    check,
    async run(model, world) {
      await act(async () => {
        await run(world);
      });
      update(model as { lagging: boolean[] });
      await flush(world);
      checkInvariants(world);
    },
    toString: () => name,
  };
}

const clickIn = (world: World, tab: number, request: number, name: string, twice = false) => {
  const ref = world.refs[request];
  if (!ref || !world.tabs[tab]?.mounted) return;
  for (const widget of widgetsOf(world, tab, ref)) {
    // By its text, not Testing Library's role query: that one asks jsdom for the computed style of
    // every ancestor, and it took a third of this file's time. The buttons here are plain buttons.
    const button = [...widget.querySelectorAll("button")].find((candidate) => candidate.textContent === name);
    if (!button) continue;
    fireEvent.click(button);
    if (twice) fireEvent.click(button);
  }
};

const anyLagging = (model: { readonly lagging: boolean[] }) => model.lagging.some(Boolean);

const commands = [
  fc
    .tuple(tabIndex, requestIndex, fc.constantFrom("Pick a", "Pick b"), fc.boolean())
    .map(([tab, request, choice, twice]) =>
      command(`click ${choice}${twice ? " twice" : ""} (tab ${tab}, request ${request})`, (world) =>
        clickIn(world, tab, request, choice, twice),
      ),
    ),
  fc
    .tuple(tabIndex, requestIndex)
    .map(([tab, request]) =>
      command(`decline (tab ${tab}, request ${request})`, (world) => clickIn(world, tab, request, "Decline")),
    ),
  tabIndex.map((tab) =>
    command(`retry everything (tab ${tab})`, (world) => {
      for (const request of [0, 1]) clickIn(world, tab, request, "Retry");
    }),
  ),
  fc
    .constantFrom("network-before", "network-after", "400", "503")
    .map((failure) =>
      command(`the next answer fails: ${failure}`, (world) =>
        world.session.failNextRespond(
          failure === "400" || failure === "503"
            ? { status: Number(failure) }
            : { network: true, afterAccept: failure === "network-after" },
        ),
      ),
    ),
  fc.constant(
    command("time passes (grace periods, retry waits)", (world) => {
      for (const tab of world.tabs) tab.time.advance(GRACE_MS + 1);
    }),
  ),
  // The server settles by itself only while every tab follows the stream: a tab that never saw the
  // settlement could still send; the answer guard (modelled by `answerGuard`) then refuses it.
  requestIndex.map((request) =>
    command(
      `the agent withdraws request ${request}`,
      (world) => {
        const ref = world.refs[request];
        if (ref && world.session.requests().find((r) => r.requestId === ref.requestId)?.status === "open") {
          world.session.withdraw(ref.requestId);
        }
      },
      (model) => !anyLagging(model),
    ),
  ),
  fc.constant(
    command(
      "a chat message (answers the oldest open question)",
      async (world) => {
        await world.session.sendMessage("the first one");
      },
      (model) => !anyLagging(model),
    ),
  ),
  tabIndex.map((tab) =>
    command(
      `tab ${tab}'s stream lags`,
      (world) => {
        world.tabs[tab]?.transport.close();
        if (world.tabs[tab]) world.tabs[tab].lagging = true;
      },
      () => true,
      (model) => {
        model.lagging[tab] = true;
      },
    ),
  ),
  tabIndex.map((tab) =>
    command(
      `tab ${tab} reconnects (the stream replays from the start)`,
      (world) => {
        world.tabs[tab]?.transport.reconnect();
        if (world.tabs[tab]) world.tabs[tab].lagging = false;
      },
      () => true,
      (model) => {
        model.lagging[tab] = false;
      },
    ),
  ),
  tabIndex.map((tab) =>
    command(
      `tab ${tab} reloads`,
      (world) => {
        const old = world.tabs[tab];
        if (!old) return;
        old.mounted = false;
        world.rerender();
        old.transport.close();
        const transport = createTestTransport(world.session, { answerGuard: true });
        const time = createManualClock();
        world.tabs[tab] = {
          id: old.id + 2,
          time,
          session: old.session,
          transport,
          client: newClient(world, transport, old.session, time),
          lagging: false,
          mounted: true,
        };
        world.rerender();
      },
      () => true,
      (model) => {
        model.lagging[tab] = false;
      },
    ),
  ),
];

describe("randomized whole-stack schedules", () => {
  afterEach(() => cleanup());

  it(`given ${runs} random schedules of people, tabs, networks and the server, should keep every request to one answer`, async () => {
    // Failed sends and refused answers are what these schedules are made of: should the kit warn
    // about them in development, the warnings stay off the log.
    captureKitWarnings();
    try {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (schedule) => {
          const world = createWorld();
          try {
            await flush(world);
            await fc.asyncModelRun(() => ({ model: { lagging: [false, false] }, real: world }), schedule);
            // The end: every tab catches up, time passes, and whatever can be retried is.
            await act(async () => {
              for (const tab of world.tabs) {
                if (tab.lagging) tab.transport.reconnect();
                tab.lagging = false;
              }
            });
            await act(async () => {
              for (const tab of world.tabs) tab.time.advance(GRACE_MS + 1);
            });
            await flush(world);
            checkInvariants(world);
          } finally {
            for (const tab of world.tabs) tab.transport.close();
            cleanup();
          }
        }),
        { numRuns: runs, seed },
      );
    } catch (error) {
      // fast-check names the counterexample; this names the run (the seed is random by default).
      if (error instanceof Error) error.message += `\n\nReproduce with SCHEDULE_SEED=${seed} SCHEDULES=${runs}`;
      throw error;
    }
  }, 600_000);
});
