import fc from "fast-check";
import { eveEventToAction } from "../../src/adapters/eve/convert";
import type { LedgerAction } from "../../src/core/ledger";
import { createLedger, reduceLedger, selectRequest, selectRequests } from "../../src/core/ledger";
import { createLedgerStore } from "../../src/core/store";
import { approvalTraceEvents, mainTraceEvents, type RecordedEvent, retagTrace } from "../fixtures/eve";

/**
 * Property tests of the ledger over real-shaped streams: copies of the recorded eve traces
 * (a media question answered, an approval denied) with unique ids, interleaved at random,
 * with duplicated events, replays from index 0 and a client clicking "submit" at random moments
 * while the transport accepts, rejects or loses its submissions.
 */

type Step =
  | { kind: "event"; event: RecordedEvent }
  | { kind: "submit"; request: number }
  | { kind: "reply"; request: number; reply: "accepted" | "rejected" | "unconfirmed" | "reopen" | "retry" };

interface Scenario {
  traces: RecordedEvent[][];
  steps: Step[];
}

/** The first request id and the server's final outcome in a recorded trace. */
const firstOf = (trace: RecordedEvent[], type: string, key: "requests" | "resolutions") => {
  const list = trace.find((e) => e.type === type)?.data[key];
  if (!Array.isArray(list)) throw new Error(`trace has no ${type}`);
  return list[0] as { requestId: string; outcome?: string };
};
const requestIdOf = (trace: RecordedEvent[]) => firstOf(trace, "input.requested", "requests").requestId;
const expectedOutcome = (trace: RecordedEvent[]) => firstOf(trace, "input.resolved", "resolutions").outcome;

const scenario: fc.Arbitrary<Scenario> = fc
  .array(fc.constantFrom(mainTraceEvents, approvalTraceEvents), { minLength: 1, maxLength: 4 })
  .chain((sources) => {
    const traces = sources.map((source, i) => retagTrace(source, `r${i}`));
    const n = traces.length;
    const localStep = fc.oneof(
      fc.record({ kind: fc.constant("submit" as const), request: fc.nat(n - 1) }),
      fc.record({
        kind: fc.constant("reply" as const),
        request: fc.nat(n - 1),
        reply: fc.constantFrom("accepted", "rejected", "unconfirmed", "reopen", "retry"),
      }),
    );
    return fc
      .record({
        // Which trace delivers its next event at each position: a random interleaving that keeps
        // each stream's own order, as one session's stream does.
        order: fc.shuffledSubarray(
          traces.flatMap((t, i) => t.map(() => i)),
          { minLength: traces.reduce((a, t) => a + t.length, 0) },
        ),
        locals: fc.array(fc.tuple(fc.nat(), localStep), { maxLength: 30 }),
        duplicates: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
        replayAt: fc.option(fc.nat(), { nil: undefined }),
      })
      .map(({ order, locals, duplicates, replayAt }) => {
        const cursor = traces.map(() => 0);
        const events = order.map((i) => traces[i]![cursor[i]!++]!);
        const steps: Step[] = events.map((event) => ({ kind: "event", event }));
        // Duplicate deliveries: an earlier event delivered again later.
        for (const [from, to] of duplicates) {
          const source = steps[from % steps.length]!;
          steps.splice(Math.max(from % steps.length, to % (steps.length + 1)), 0, source);
        }
        // A reconnect that replays the stream from index 0.
        if (replayAt !== undefined)
          steps.splice(replayAt % (steps.length + 1), 0, ...events.map((event) => ({ kind: "event" as const, event })));
        for (const [at, step] of locals) steps.splice(at % (steps.length + 1), 0, step);
        return { traces, steps };
      });
  });

describe("ledger properties", () => {
  it("given any interleaving, duplication, replay and local race, should never permit a forbidden second submission", () => {
    fc.assert(
      fc.property(scenario, ({ traces, steps }) => {
        const ids = traces.map(requestIdOf);
        const store = createLedgerStore();
        // Reference model of what the invariant forbids.
        const submittedLive = new Set<string>(); // submitted, not definitively failed
        const settledByServer = new Set<string>();
        for (const step of steps) {
          if (step.kind === "event") {
            const action = eveEventToAction(step.event);
            if (action) store.dispatch(action);
            if (step.event.type === "input.resolved" || step.event.type === "approval.settled") {
              for (const id of ids) if (JSON.stringify(step.event.data).includes(id)) settledByServer.add(id);
            }
            continue;
          }
          const requestId = ids[step.request]!;
          if (step.kind === "submit") {
            const allowed = store.beginSubmit(requestId, { type: "reply", text: "answer" });
            if (allowed) {
              expect(submittedLive.has(requestId), "second live submission").toBe(false);
              expect(settledByServer.has(requestId), "submission after settlement").toBe(false);
              submittedLive.add(requestId);
            }
            continue;
          }
          const before = selectRequest(store.getSnapshot(), requestId);
          const action: LedgerAction =
            step.reply === "accepted" || step.reply === "reopen" || step.reply === "retry"
              ? { type: step.reply, requestId }
              : { type: "failed", requestId, error: { kind: step.reply, message: step.reply } };
          store.dispatch(action);
          const after = selectRequest(store.getSnapshot(), requestId);
          if (before?.state !== "open" && after?.state === "open") submittedLive.delete(requestId);
          if (step.reply === "retry" && before?.state === "open" && after?.state === "submitting") {
            expect(settledByServer.has(requestId)).toBe(false);
            submittedLive.add(requestId);
          }
        }
        // Every stream was delivered in full: each request ends with the server's outcome.
        const final = store.getSnapshot();
        expect(selectRequests(final)).toHaveLength(traces.length);
        traces.forEach((trace, i) => {
          expect(selectRequest(final, ids[i]!)).toMatchObject({ state: "settled", outcome: expectedOutcome(trace) });
        });
      }),
      { numRuns: 300 },
    );
  });

  it("given any prefix of an interleaved stream, should reach the same state when the prefix is replayed again", () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ steps }, cut) => {
        const events = steps.flatMap((s) => (s.kind === "event" ? [s.event] : []));
        const prefix = events.slice(0, cut % (events.length + 1));
        const actions = prefix.flatMap((e) => eveEventToAction(e) ?? []);
        const once = actions.reduce(reduceLedger, createLedger());
        const twice = actions.reduce(reduceLedger, once);
        // Every event was seen already: the very same state, not merely an equal one.
        expect(twice).toBe(once);
        // Without event ids (eve before stream version 20) the requests still come out the same.
        const anonymous = prefix.map(({ meta: _meta, ...rest }) => rest).flatMap((e) => eveEventToAction(e) ?? []);
        const a = anonymous.reduce(reduceLedger, createLedger());
        expect(selectRequests(anonymous.reduce(reduceLedger, a))).toEqual(selectRequests(a));
      }),
      { numRuns: 300 },
    );
  });
});
