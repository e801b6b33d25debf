import { eveEventToAction } from "../../src/adapters/eve/convert";
import { canSubmit, createLedger, reduceLedger, selectRequest, selectRequests } from "../../src/core/ledger";
import { createLedgerStore } from "../../src/core/store";
import { approvalTraceEvents, mainTraceEvents, retagTrace } from "../fixtures/eve";
import { feed } from "./ledger-helpers";

const MEDIA_REQUEST = "wrun_01M80XX4AVN6ER25Z5K8A8Q4SV-ask-1";
const APPROVAL_REQUEST = "aitxt-20yMbdMFox20Ii1xFnWVZm0J";
const upTo = (events: typeof mainTraceEvents, type: string) =>
  events.slice(0, events.findIndex((e) => e.type === type) + 1);

describe("ledger on recorded eve streams", () => {
  it("given the media question's stream up to input.requested, should hold one open media request with its ui payload", () => {
    const state = feed(upTo(mainTraceEvents, "input.requested"));
    const request = selectRequest(state, MEDIA_REQUEST);
    expect(request).toMatchObject({
      state: "open",
      kind: "media",
      callId: "call_mwrfr5qd",
      toolName: "pick_media",
      prompt: "Pick a cover image",
      turnId: "turn_0",
      payload: { kind: "media", items: [{ id: "a", url: "https://example.com/a.png" }], max: 1 },
    });
    expect(selectRequests(state)).toHaveLength(1);
  });

  it("given the whole media stream, should settle the request as answered with the server's record", () => {
    const request = selectRequest(feed(mainTraceEvents), MEDIA_REQUEST);
    expect(request).toMatchObject({
      state: "settled",
      outcome: "answered",
      // The recorded agent answered with plain JSON, not the kit's envelope: the person's words.
      resolution: { type: "reply", text: '{"selected":["a"]}' },
    });
  });

  it("given the denied approval stream, should show an open approval and then settle it as denied", () => {
    const open = selectRequest(feed(upTo(approvalTraceEvents, "input.requested")), APPROVAL_REQUEST);
    expect(open).toMatchObject({
      state: "open",
      kind: "approval",
      payload: { kind: "approval", toolName: "delete_thing", input: { thingId: "t-42" } },
    });
    const settled = selectRequest(feed(approvalTraceEvents), APPROVAL_REQUEST);
    expect(settled).toMatchObject({
      state: "settled",
      outcome: "denied",
      resolution: { type: "value", value: { decision: "deny", note: "no" } },
    });
  });

  it("given a replay of the whole stream from index 0, should return the very same state", () => {
    const once = feed(mainTraceEvents);
    expect(feed(mainTraceEvents, once)).toBe(once);
  });

  it("given events that concern no request, should return the same state object", () => {
    const state = feed(upTo(mainTraceEvents, "input.requested"));
    const irrelevant = mainTraceEvents.filter((e) =>
      ["message.appended", "step.started", "message.completed"].includes(e.type),
    );
    expect(feed(irrelevant, state)).toBe(state);
  });

  it("given a duplicate input.requested under a new event id, should keep the request as it is", () => {
    const state = feed(upTo(mainTraceEvents, "input.requested"));
    const requested = mainTraceEvents.find((e) => e.type === "input.requested");
    const again = feed([{ ...requested, meta: { id: "evt_OTHER", at: "x" } }], state);
    expect(selectRequests(again)).toEqual(selectRequests(state));
  });
});

describe("ledger local submissions", () => {
  const open = () => feed(upTo(mainTraceEvents, "input.requested"));
  const answer = { type: "value" as const, value: { selected: ["a"] } };

  it("given an open request, should allow exactly one submission however many times it is asked", () => {
    const store = createLedgerStore({ initial: open() });
    const results = [1, 2, 3].map(() => store.beginSubmit(MEDIA_REQUEST, answer));
    expect(results).toEqual([true, false, false]);
    expect(selectRequest(store.getSnapshot(), MEDIA_REQUEST)).toMatchObject({ state: "submitting", submitted: answer });
  });

  it("given a submission the transport rejected, should reopen with the error and allow one retry", () => {
    let state = reduceLedger(open(), { type: "submit", requestId: MEDIA_REQUEST, answer });
    state = reduceLedger(state, {
      type: "failed",
      requestId: MEDIA_REQUEST,
      error: { kind: "rejected", message: "HTTP 500" },
    });
    expect(selectRequest(state, MEDIA_REQUEST)).toMatchObject({ state: "open", error: { message: "HTTP 500" } });
    state = reduceLedger(state, { type: "retry", requestId: MEDIA_REQUEST });
    expect(selectRequest(state, MEDIA_REQUEST)).toMatchObject({ state: "submitting", submitted: answer });
    expect(selectRequest(state, MEDIA_REQUEST)?.error).toBeUndefined();
    expect(reduceLedger(state, { type: "retry", requestId: MEDIA_REQUEST })).toBe(state);
  });

  it("given a submission that may have reached the server, should stay locked until the stream or a reopen says", () => {
    const store = createLedgerStore({ initial: open() });
    store.beginSubmit(MEDIA_REQUEST, answer);
    store.dispatch({ type: "failed", requestId: MEDIA_REQUEST, error: { kind: "unconfirmed", message: "network" } });
    expect(selectRequest(store.getSnapshot(), MEDIA_REQUEST)?.state).toBe("submitting");
    expect(store.beginSubmit(MEDIA_REQUEST, answer)).toBe(false);
    store.dispatch({ type: "retry", requestId: MEDIA_REQUEST });
    expect(selectRequest(store.getSnapshot(), MEDIA_REQUEST)?.state).toBe("submitting");
    store.dispatch({ type: "reopen", requestId: MEDIA_REQUEST });
    expect(selectRequest(store.getSnapshot(), MEDIA_REQUEST)?.state).toBe("open");
    expect(store.beginSubmit(MEDIA_REQUEST, answer)).toBe(true);
  });

  it("given input.resolved arriving before the local submit finished, should settle and ignore the late reply", () => {
    let state = reduceLedger(open(), { type: "submit", requestId: MEDIA_REQUEST, answer });
    state = feed(mainTraceEvents, state);
    expect(selectRequest(state, MEDIA_REQUEST)).toMatchObject({ state: "settled", outcome: "answered" });
    for (const late of [
      { type: "accepted", requestId: MEDIA_REQUEST },
      { type: "failed", requestId: MEDIA_REQUEST, error: { kind: "rejected", message: "x" } },
      { type: "reopen", requestId: MEDIA_REQUEST },
      { type: "submit", requestId: MEDIA_REQUEST, answer },
    ] as const) {
      expect(reduceLedger(state, late)).toBe(state);
    }
  });

  it("given an accepted submission, should wait as responded and then take the server's outcome", () => {
    let state = reduceLedger(open(), { type: "submit", requestId: MEDIA_REQUEST, answer });
    state = reduceLedger(state, { type: "accepted", requestId: MEDIA_REQUEST });
    expect(selectRequest(state, MEDIA_REQUEST)?.state).toBe("responded");
    expect(selectRequest(feed(mainTraceEvents, state), MEDIA_REQUEST)?.outcome).toBe("answered");
  });

  it("given a submission restored after a reload before the stream replays, should hold it as unconfirmed", () => {
    let state = reduceLedger(createLedger(), { type: "restore", requestId: MEDIA_REQUEST, answer });
    state = feed(upTo(mainTraceEvents, "input.requested"), state);
    expect(selectRequest(state, MEDIA_REQUEST)).toMatchObject({
      state: "submitting",
      submitted: answer,
      error: { kind: "unconfirmed" },
    });
    expect(canSubmit(state, MEDIA_REQUEST)).toBe(false);
    expect(selectRequest(feed(mainTraceEvents, state), MEDIA_REQUEST)?.state).toBe("settled");
  });
});

describe("ledger server-driven endings", () => {
  const requested = (tag: string) => upTo(retagTrace(mainTraceEvents, tag), "input.requested");
  const event = (type: string, data: Record<string, unknown>, id: string) => ({ type, data, meta: { id, at: "" } });

  it("given a resolution for a request it has not seen yet, should settle the request when it arrives", () => {
    const resolved = retagTrace(mainTraceEvents, "x").find((e) => e.type === "input.resolved");
    const state = feed([resolved, ...requested("x")]);
    expect(selectRequests(state)[0]).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given a cancelled turn, should withdraw the turn's open requests and leave other turns alone", () => {
    const state = feed([...requested("a"), ...requested("b"), event("turn.cancelled", { turnId: "turn_a" }, "evt_c")]);
    expect(selectRequests(state).map((r) => [r.turnId, r.state, r.outcome])).toEqual([
      ["turn_a", "settled", "withdrawn"],
      ["turn_b", "open", undefined],
    ]);
  });

  it("given the call's result without a resolution, should withdraw, and a later resolution should still win", () => {
    const trace = retagTrace(mainTraceEvents, "r");
    const withoutResolution = trace.filter((e) => e.type !== "input.resolved");
    const state = feed(withoutResolution);
    expect(selectRequests(state)[0]?.outcome).toBe("withdrawn");
    expect(selectRequests(feed(trace, state))[0]?.outcome).toBe("answered");
  });

  it("given a request concluded, should settle it with what this client sent (authoritative), else withdraw it", () => {
    const conclude = (requestId: string, approval?: boolean) => ({
      type: "transport" as const,
      changes: [{ type: "concluded" as const, requestId, ...(approval ? { approval } : {}) }],
    });
    const answer = { type: "value" as const, value: { selected: ["a"] } };
    const open = feed(requested("c"));
    const id = selectRequests(open)[0]?.requestId ?? "";
    // Nothing sent: the server is done with it anyway, so it was withdrawn.
    expect(selectRequest(reduceLedger(open, conclude(id)), id)).toMatchObject({ outcome: "withdrawn" });
    // Sent and accepted: the server took this answer and nothing else.
    let sent = reduceLedger(open, { type: "submit", requestId: id, answer });
    sent = reduceLedger(sent, { type: "accepted", requestId: id });
    const answered = reduceLedger(sent, conclude(id));
    expect(selectRequest(answered, id)).toMatchObject({ state: "settled", outcome: "answered", resolution: answer });
    // Authoritative: a later provisional word changes nothing.
    const provisional = {
      type: "transport" as const,
      changes: [{ type: "resolved" as const, requestId: id, outcome: "withdrawn" as const, authoritative: false }],
    };
    expect(reduceLedger(answered, provisional)).toBe(answered);
    // A send the transport refused went nowhere: withdrawn, not answered.
    const refused = reduceLedger(reduceLedger(open, { type: "submit", requestId: id, answer }), {
      type: "failed",
      requestId: id,
      error: { kind: "rejected", message: "no" },
    });
    expect(selectRequest(reduceLedger(refused, conclude(id)), id)).toMatchObject({ outcome: "withdrawn" });
    // An approval's decision: approve and edit approve, anything else denies.
    const decided = (value: unknown) =>
      selectRequest(
        reduceLedger(
          reduceLedger(open, { type: "submit", requestId: id, answer: { type: "value", value } }),
          conclude(id, true),
        ),
        id,
      )?.outcome;
    expect([decided({ decision: "approve" }), decided({ decision: "edit", input: {} })]).toEqual([
      "approved",
      "approved",
    ]);
    expect([decided({ decision: "deny" }), decided("approve"), decided(null)]).toEqual(["denied", "denied", "denied"]);
  });

  it("given a failed session, should withdraw every open request", () => {
    const state = feed([...requested("a"), ...requested("b"), event("session.failed", { code: "x" }, "evt_f")]);
    expect(selectRequests(state).every((r) => r.outcome === "withdrawn")).toBe(true);
  });

  it("given a malformed input.requested, should record the problem once and never throw", () => {
    const broken = event("input.requested", { requests: [{ requestId: 7 }], turnId: "t", stepIndex: 0 }, "evt_bad");
    const onProblem = vi.fn();
    const store = createLedgerStore({ onProblem });
    store.dispatch(...feedActions([broken, broken, "not an event", null]));
    // The second `broken` is a replay of the same event id: reported once.
    expect(onProblem).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().problems[0]).toMatchObject({ eventId: "evt_bad", eventType: "input.requested" });
    expect(selectRequests(store.getSnapshot())).toEqual([]);
  });

  it("given requests from several turns, should list them oldest first", () => {
    const state = feed([...requested("b"), ...requested("a"), ...requested("c")]);
    expect(selectRequests(state).map((r) => r.turnId)).toEqual(["turn_b", "turn_a", "turn_c"]);
  });
});

function feedActions(events: unknown[]) {
  return events.flatMap((e) => {
    const action = eveEventToAction(e);
    return action ? [action] : [];
  });
}
