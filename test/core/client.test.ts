import type { AnswerBody, TransportAnswer } from "../../src/core/answer";
import { createHitlClient, type HitlError } from "../../src/core/client";
import { createStorageJournal } from "../../src/core/journal";
import { selectRequest } from "../../src/core/ledger";
import type { ParkedRequestInit } from "../../src/core/model";
import { createTransportState, type HitlTransport, HitlTransportError } from "../../src/core/transport";
import { createManualClock } from "../../src/testing/clock";
import { createMemoryStorage } from "../../src/testing/memory";

function manualClock() {
  const clock = createManualClock();
  return {
    clock,
    async advance(ms: number) {
      clock.advance(ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const request: ParkedRequestInit = {
  requestId: "r1",
  callId: "c1",
  toolName: "pick_thing",
  origin: "question",
  prompt: "Pick",
  kind: "pick",
  payload: { kind: "pick", ids: ["a"] },
};

/** A transport whose `send` does what the test says, recording every answer it was handed. */
function scriptedTransport(respond: (answer: TransportAnswer) => Promise<void>) {
  const state = createTransportState();
  state.store.dispatch({ type: "transport", eventId: "e1", changes: [{ type: "requested", request }] });
  const sent: TransportAnswer[] = [];
  const transport: HitlTransport = {
    sessionKey: "s1",
    store: state.store,
    connection: state.connection,
    send: (answer) => {
      sent.push(answer);
      return respond(answer);
    },
  };
  return { transport, sent, setConnection: state.setConnection };
}

const pickA: AnswerBody = { type: "value", value: { id: "a" } };

describe("createHitlClient", () => {
  it("given an answer, should hand the transport one typed answer with the request's kind", async () => {
    const { transport, sent } = scriptedTransport(async () => {});
    const client = createHitlClient({ transport });
    expect(client.answer("r1", pickA)).toEqual({ ok: true });
    expect(client.answer("r1", pickA)).toEqual({ ok: true });
    await client.whenIdle();
    expect(sent).toEqual([{ requestId: "r1", kind: "pick", answer: pickA }]);
    expect(client.getRequest("r1")?.state).toBe("responded");
  });

  it("given a transport that is catching up, should refuse the answer with a reason and send nothing", async () => {
    const { transport, sent, setConnection } = scriptedTransport(async () => {});
    setConnection("catching-up");
    const client = createHitlClient({ transport });
    const result = client.answer("r1", pickA);
    expect(result.ok).toBe(false);
    expect(client.getRequest("r1")?.state).toBe("open");
    expect(sent).toEqual([]);
  });

  it("given a blank reply, should refuse it before it reaches the gate", () => {
    const { transport } = scriptedTransport(async () => {});
    const client = createHitlClient({ transport });
    expect(client.answer("r1", { type: "reply", text: "   " })).toMatchObject({ ok: false });
    expect(client.getRequest("r1")?.state).toBe("open");
  });

  it("given an unconfirmed send on a live stream, should reopen only when the injected clock passes the grace period", async () => {
    const time = manualClock();
    const { transport } = scriptedTransport(async () => {
      throw new TypeError("Failed to fetch");
    });
    const client = createHitlClient({ transport, clock: time.clock, unconfirmedGraceMs: 1000 });
    const unmount = client.mount();
    client.answer("r1", pickA);
    await client.whenIdle();
    expect(client.getRequest("r1")).toMatchObject({ state: "submitting", error: { kind: "unconfirmed" } });
    await time.advance(999);
    expect(client.getRequest("r1")?.state).toBe("submitting");
    await time.advance(1);
    expect(client.getRequest("r1")).toMatchObject({ state: "open", error: { kind: "rejected" } });
    unmount();
  });

  it("given a transient refusal, should wait on the injected clock and send again, at most `attempts` times", async () => {
    const time = manualClock();
    const { transport, sent } = scriptedTransport(async () => {
      throw new HitlTransportError("busy", "rejected", true, 503);
    });
    const client = createHitlClient({
      transport,
      clock: time.clock,
      retry: { attempts: 3, delayMs: () => 100 },
    });
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    await time.advance(100);
    await time.advance(100);
    await client.whenIdle();
    expect(sent).toHaveLength(3);
    expect(client.getRequest("r1")).toMatchObject({ state: "open", error: { kind: "rejected", message: "busy" } });
  });

  it("given a reload, should restore this tab's in-flight answer from the journal before anything renders", () => {
    const session = createMemoryStorage();
    const local = createMemoryStorage();
    createStorageJournal({ session, local }).record("s1", "r1", pickA);
    const { transport, sent } = scriptedTransport(async () => {});
    const client = createHitlClient({ transport, journal: createStorageJournal({ session, local }) });
    expect(client.getRequest("r1")).toMatchObject({ state: "submitting", submitted: pickA });
    expect(client.answer("r1", pickA)).toEqual({ ok: true });
    expect(sent).toEqual([]);
  });

  it("given malformed events, should report each once however often the client is mounted", () => {
    const { transport } = scriptedTransport(async () => {});
    const errors: HitlError[] = [];
    const client = createHitlClient({ transport, onError: (error) => errors.push(error) });
    transport.store.dispatch({
      type: "malformed",
      eventId: "bad",
      eventType: "x",
      issues: [{ path: [], message: "no" }],
    });
    const first = client.mount();
    const second = client.mount();
    first();
    first(); // a second cleanup of the same mount changes nothing
    transport.store.dispatch({
      type: "malformed",
      eventId: "bad2",
      eventType: "y",
      issues: [{ path: [], message: "no" }],
    });
    second();
    transport.store.dispatch({
      type: "malformed",
      eventId: "bad3",
      eventType: "z",
      issues: [{ path: [], message: "no" }],
    });
    expect(errors.map((error) => (error.type === "malformed-event" ? error.problem.eventType : error.type))).toEqual([
      "x",
      "y",
    ]);
  });

  it("given a request the stream settled, should not send a late answer", async () => {
    const { transport, sent } = scriptedTransport(async () => {});
    transport.store.dispatch({
      type: "transport",
      eventId: "e2",
      changes: [{ type: "resolved", requestId: "r1", outcome: "cancelled", authoritative: true }],
    });
    const client = createHitlClient({ transport });
    client.answer("r1", pickA);
    await client.whenIdle();
    expect(sent).toEqual([]);
    expect(selectRequest(transport.store.getSnapshot(), "r1")?.state).toBe("settled");
  });
});
