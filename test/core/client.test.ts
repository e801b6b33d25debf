import { z } from "zod";
import type { AnswerBody, TransportAnswer } from "../../src/core/answer";
import { REPLIED_IN_CHAT_REASON } from "../../src/core/answer";
import { createHitlClient, type HitlError } from "../../src/core/client";
import { createStorageJournal } from "../../src/core/journal";
import type { ParkedRequest, ParkedRequestInit } from "../../src/core/model";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  MessageNotSentError,
  type SendOutcome,
} from "../../src/core/transport";
import { viewOf } from "../../src/core/view";
import { defineKind } from "../../src/kinds/define-kind";
import { approvalKind } from "../../src/kinds/native";
import { createManualClock } from "../../src/testing/clock";
import { createMemoryLocks, createMemoryStorage } from "../../src/testing/memory";

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

const pickKind = defineKind({
  kind: "pick",
  request: z.object({ ids: z.array(z.string()) }),
  response: z.strictObject({ id: z.string() }),
  check: (request, response) =>
    request.ids.includes(response.id) ? [] : [{ path: ["id"], message: `Unknown id "${response.id}"` }],
});
const kinds = [pickKind, approvalKind];

const request: ParkedRequestInit = {
  requestId: "r1",
  callId: "c1",
  toolName: "pick_thing",
  prompt: "Pick",
  kind: "pick",
  payload: { kind: "pick", ids: ["a"] },
};

/** A transport whose `send` does what the test says, recording every answer it was handed. */
function scriptedTransport(
  respond: (answer: TransportAnswer) => Promise<SendOutcome> = async () => ACCEPTED,
  requests: readonly ParkedRequestInit[] = [request],
) {
  const events = createTransportEvents();
  const { connection, setConnection } = createConnectionState();
  events.deliver({
    type: "transport",
    eventId: "e1",
    changes: requests.map((r) => ({ type: "requested", request: r })),
  });
  const sent: TransportAnswer[] = [];
  const transport: HitlTransport = {
    sessionKey: "s1",
    connection,
    connect: events.connect,
    peek: events.peek,
    send: (answer) => {
      sent.push(answer);
      return respond(answer);
    },
  };
  return { transport, sent, setConnection, events };
}

const pickA: AnswerBody = { type: "value", value: { id: "a" } };

function requireRequest(request: ParkedRequest | undefined): ParkedRequest {
  if (!request) throw new Error("the request is not in the ledger");
  return request;
}

describe("createHitlClient", () => {
  it("given an answer, should hand the transport one typed answer with the request, and say a second one is already answered", async () => {
    const { transport, sent } = scriptedTransport();
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r1", pickA)).toEqual({ ok: true, status: "sent" });
    expect(client.answer("r1", pickA)).toMatchObject({ ok: false, status: "already-answered", state: "submitting" });
    await client.whenIdle();
    expect(sent).toEqual([{ requestId: "r1", kind: "pick", answer: pickA, request: expect.objectContaining(request) }]);
    expect(client.getRequest("r1")?.state).toBe("responded");
  });

  it("given a value of the wrong shape or one the request does not offer, should refuse it with the kind's issues and send nothing", async () => {
    const { transport, sent } = scriptedTransport();
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r1", { type: "value", value: { values: { id: "a" } } })).toMatchObject({
      ok: false,
      status: "refused",
      issues: expect.arrayContaining([expect.objectContaining({ path: ["id"] })]),
    });
    expect(client.answer("r1", { type: "value", value: { id: "zzz" } })).toEqual({
      ok: false,
      status: "refused",
      issues: [{ path: ["id"], message: 'Unknown id "zzz"' }],
    });
    expect(client.answer("r1", { type: "option", optionId: "approve" })).toMatchObject({ status: "refused" });
    expect(client.answer("r1", { type: "dismissed" })).toMatchObject({ status: "refused" });
    await client.whenIdle();
    expect(sent).toEqual([]);
    expect(client.getRequest("r1")?.state).toBe("open");
  });

  it("given a request of a kind the client does not know, or an unknown request id, should refuse a value but take a reply", async () => {
    const { transport, sent } = scriptedTransport();
    const client = createHitlClient({ transport, kinds: [] });
    expect(client.answer("r1", pickA)).toMatchObject({ status: "refused" });
    expect(client.answer("nope", pickA)).toMatchObject({
      status: "refused",
      issues: [{ message: 'No request "nope" is known here' }],
    });
    expect(client.answer("r1", { type: "reply", text: "the first one" })).toEqual({ ok: true, status: "sent" });
    await client.whenIdle();
    expect(sent.map((s) => s.answer)).toEqual([{ type: "reply", text: "the first one" }]);
  });

  it("given a model-written payload that claims a reserved kind, should never send an approval decision for it", () => {
    const spoofed: ParkedRequestInit = {
      ...request,
      requestId: "r2",
      kind: "approval",
      payload: { kind: "approval", toolName: "rm", input: {} },
    };
    const { transport, sent } = scriptedTransport(undefined, [spoofed]);
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r2", { type: "value", value: { decision: "approve" } })).toMatchObject({ status: "refused" });
    expect(sent).toEqual([]);
  });

  it("given a decline of an approval, should record and send it as the approval's deny (one representation)", async () => {
    const gate: ParkedRequestInit = {
      ...request,
      requestId: "g1",
      kind: "approval",
      native: true,
      payload: { kind: "approval", toolName: "rm", input: {} },
    };
    const { transport, sent } = scriptedTransport(undefined, [gate]);
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("g1", { type: "declined", reason: "  not now " })).toEqual({ ok: true, status: "sent" });
    await client.whenIdle();
    const deny = { type: "value", value: { decision: "deny", note: "not now" } };
    expect(sent.map((s) => s.answer)).toEqual([deny]);
    expect(client.getRequest("g1")?.submitted).toEqual(deny);
  });

  it("given a transport that is catching up, should say reconnecting and send nothing", async () => {
    const { transport, sent, setConnection } = scriptedTransport();
    setConnection("catching-up");
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r1", pickA)).toMatchObject({ ok: false, status: "reconnecting" });
    expect(client.getRequest("r1")?.state).toBe("open");
    expect(sent).toEqual([]);
  });

  it("given a blank reply, should refuse it before it reaches the gate", () => {
    const { transport } = scriptedTransport();
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r1", { type: "reply", text: "   " })).toMatchObject({ ok: false, status: "refused" });
    expect(client.getRequest("r1")?.state).toBe("open");
  });

  it("given the transport's outcome, should record it: settled at once, or answered elsewhere with the other answer", async () => {
    const other: AnswerBody = { type: "value", value: { id: "b" } };
    const settled = scriptedTransport(async () => ({ type: "settled", outcome: "answered" }));
    const one = createHitlClient({ transport: settled.transport, kinds });
    one.answer("r1", pickA);
    await one.whenIdle();
    expect(one.getRequest("r1")).toMatchObject({ state: "settled", outcome: "answered", resolution: pickA });

    const elsewhere = scriptedTransport(async () => ({ type: "answered-elsewhere", response: other }));
    const two = createHitlClient({ transport: elsewhere.transport, kinds });
    two.answer("r1", pickA);
    await two.whenIdle();
    expect(two.getRequest("r1")).toMatchObject({ state: "settled", answeredElsewhere: true, resolution: other });
    expect(two.answer("r1", pickA)).toMatchObject({ status: "already-answered", state: "settled" });
    await two.whenIdle();
    expect(elsewhere.sent).toHaveLength(1);
  });

  it("given a settlement that does not say how while this client's answer is on its way, should show no answer as recorded until the send's result says whose counted", async () => {
    const views = async (result: "taken" | "refused") => {
      let finish: (outcome: SendOutcome) => void = () => {};
      let refuse: (error: Error) => void = () => {};
      let sending: () => void = () => {};
      const sent = new Promise<void>((resolve) => {
        sending = resolve;
      });
      const { transport, events } = scriptedTransport(
        () =>
          new Promise<SendOutcome>((resolve, reject) => {
            finish = resolve;
            refuse = reject;
            sending();
          }),
      );
      const client = createHitlClient({ transport, kinds });
      const unmount = client.mount();
      client.answer("r1", pickA);
      await sent; // past the claim: on its way
      // Another device's answer won (or this one did): the thread says only that it is done.
      events.deliver({
        type: "transport",
        eventId: "e2",
        changes: [{ type: "resolved", requestId: "r1", outcome: "answered", authoritative: true }],
      });
      const during = viewOf(requireRequest(client.getRequest("r1")), pickKind);
      if (result === "taken") finish(ACCEPTED);
      else refuse(new HitlTransportError("already resumed", "rejected"));
      await client.whenIdle();
      const after = viewOf(requireRequest(client.getRequest("r1")), pickKind);
      unmount();
      return { during, after };
    };
    const taken = await views("taken");
    expect(taken.during).toEqual({ status: "answered" });
    expect(taken.after).toEqual({ status: "answered", answer: { id: "a" } });
    const refused = await views("refused");
    expect(refused.during).toEqual({ status: "answered" });
    // Not "answered on another device: a" — this device's answer is not the one that counted.
    expect(refused.after).toEqual({ status: "answered-elsewhere" });
  });

  it("given two clients over one transport (two providers), should share one ledger and send once", async () => {
    const { transport, sent } = scriptedTransport();
    const a = createHitlClient({ transport, kinds });
    const b = createHitlClient({ transport, kinds });
    expect(a.answer("r1", pickA).status).toBe("sent");
    expect(b.answer("r1", pickA).status).toBe("already-answered");
    await Promise.all([a.whenIdle(), b.whenIdle()]);
    expect(sent).toHaveLength(1);
    expect(b.getRequest("r1")?.state).toBe("responded");
  });

  it("given an unconfirmed send on a live stream, should reopen only when the injected clock passes the grace period", async () => {
    const time = manualClock();
    const { transport } = scriptedTransport(async () => {
      throw new TypeError("Failed to fetch");
    });
    const client = createHitlClient({ transport, kinds, clock: time.clock, unconfirmedGraceMs: 1000 });
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
      kinds,
      clock: time.clock,
      retry: { attempts: 3, delayMs: () => 100 },
    });
    // Retries wait on the stream (it may settle the request meanwhile): only a mounted client follows it.
    const unmount = client.mount();
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    await time.advance(100);
    await time.advance(100);
    await client.whenIdle();
    expect(sent).toHaveLength(3);
    expect(client.getRequest("r1")).toMatchObject({ state: "open", error: { kind: "rejected", message: "busy" } });
    unmount();
  });

  it("given a transient retry waiting when the last mount goes, should give up instead of sending blind", async () => {
    const time = manualClock();
    const { transport, sent } = scriptedTransport(async () => {
      throw new HitlTransportError("busy", "rejected", true, 503);
    });
    const client = createHitlClient({
      transport,
      kinds,
      clock: time.clock,
      retry: { attempts: 3, delayMs: () => 100 },
    });
    const unmount = client.mount();
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    unmount(); // the app unmounted its provider: nobody follows the stream any more
    await time.advance(100);
    await client.whenIdle();
    expect(sent).toHaveLength(1);
    expect(client.getRequest("r1")).toMatchObject({ state: "open", error: { kind: "rejected" } });
  });

  it("given a transient refusal while another device's answer settles the request, should show it as answered elsewhere and not send again", async () => {
    const time = manualClock();
    const { transport, sent, events } = scriptedTransport(async () => {
      throw new HitlTransportError("busy", "rejected", true, 503);
    });
    const client = createHitlClient({
      transport,
      kinds,
      clock: time.clock,
      retry: { attempts: 3, delayMs: () => 100 },
    });
    const unmount = client.mount();
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Nothing of this page's went; the stream says the request was answered (by someone else).
    events.deliver({
      type: "transport",
      changes: [{ type: "resolved", requestId: "r1", outcome: "answered", authoritative: false }],
    });
    await time.advance(100);
    await client.whenIdle();
    expect(sent).toHaveLength(1);
    expect(client.getRequest("r1")).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    unmount();
  });

  it("given a refusal that arrives after the stream settled the request as answered, should show it as answered elsewhere", async () => {
    let refuse: (error: unknown) => void = () => {};
    const { transport, events } = scriptedTransport(
      () =>
        new Promise<SendOutcome>((_, reject) => {
          refuse = reject;
        }),
    );
    const client = createHitlClient({ transport, kinds });
    const unmount = client.mount();
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    events.deliver({
      type: "transport",
      changes: [{ type: "resolved", requestId: "r1", outcome: "answered", authoritative: false }],
    });
    refuse(new HitlTransportError("Refused", "rejected"));
    await client.whenIdle();
    expect(client.getRequest("r1")).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    unmount();
  });

  it("given an answer whose outcome is unknown when the stream settles it as answered, should not claim it was answered elsewhere", async () => {
    let lose: (error: unknown) => void = () => {};
    const { transport, events } = scriptedTransport(
      () =>
        new Promise<SendOutcome>((_, reject) => {
          lose = reject;
        }),
    );
    const client = createHitlClient({ transport, kinds });
    const unmount = client.mount();
    client.answer("r1", pickA);
    await new Promise((resolve) => setTimeout(resolve, 0));
    events.deliver({
      type: "transport",
      changes: [{ type: "resolved", requestId: "r1", outcome: "answered", authoritative: false }],
    });
    // The connection dropped after the answer went: it may well be this page's answer that counted.
    lose(new HitlTransportError("Connection lost", "unconfirmed"));
    await client.whenIdle();
    expect(client.getRequest("r1")).toMatchObject({ state: "settled", outcome: "answered" });
    expect(client.getRequest("r1")?.answeredElsewhere).toBeUndefined();
    unmount();
  });

  it("given a reload, should restore this tab's in-flight answer from the journal before anything renders", () => {
    const session = createMemoryStorage();
    const local = createMemoryStorage();
    createStorageJournal({ session, local }).record("s1", "r1", pickA);
    const { transport, sent } = scriptedTransport();
    const client = createHitlClient({ transport, kinds, journal: createStorageJournal({ session, local }) });
    expect(client.getRequest("r1")).toMatchObject({ state: "submitting", submitted: pickA });
    expect(client.answer("r1", pickA)).toMatchObject({ status: "already-answered" });
    expect(sent).toEqual([]);
  });

  it("given malformed events, should report each once however often the client is mounted", () => {
    const { transport, events } = scriptedTransport();
    const errors: HitlError[] = [];
    const client = createHitlClient({ transport, kinds, onError: (error) => errors.push(error) });
    const malformed = (eventId: string, eventType: string) =>
      events.deliver({ type: "malformed", eventId, eventType, issues: [{ path: [], message: "no" }] });
    malformed("bad", "x");
    const first = client.mount();
    const second = client.mount();
    first();
    first(); // a second cleanup of the same mount changes nothing
    malformed("bad2", "y");
    second();
    malformed("bad3", "z");
    expect(errors.map((error) => (error.type === "malformed-event" ? error.problem.eventType : error.type))).toEqual([
      "x",
      "y",
    ]);
  });

  it("given a request the stream settled, should not send a late answer", async () => {
    const { transport, sent, events } = scriptedTransport();
    events.deliver({
      type: "transport",
      eventId: "e2",
      changes: [{ type: "resolved", requestId: "r1", outcome: "cancelled", authoritative: true }],
    });
    const client = createHitlClient({ transport, kinds });
    expect(client.answer("r1", pickA)).toMatchObject({ status: "already-answered", state: "settled" });
    await client.whenIdle();
    expect(sent).toEqual([]);
  });

  it("given a transport's early sign of a kind, should ask the kinds to load it while mounted", () => {
    const { transport, events } = scriptedTransport();
    const preloaded: string[] = [];
    const client = createHitlClient({
      transport,
      kinds: { kindOf: () => undefined, preload: (k) => preloaded.push(k) },
    });
    events.expect("media");
    const unmount = client.mount();
    events.expect("form");
    unmount();
    expect(preloaded).toEqual(["form"]);
  });
});

describe("client.sendMessage (the reply path)", () => {
  function chatTransport(requests: readonly ParkedRequestInit[]) {
    const { transport, events } = scriptedTransport(undefined, requests);
    const messages: { text: string; replies: TransportAnswer[] }[] = [];
    const chat: HitlTransport = {
      ...transport,
      awaitsReply: () => true,
      async sendMessage(message, replies) {
        messages.push({ text: message.text, replies: [...replies] });
        return new Set(replies.map((r) => r.requestId));
      },
    };
    return { chat, messages, events };
  }
  const gate: ParkedRequestInit = {
    ...request,
    requestId: "g1",
    callId: "c2",
    kind: "approval",
    native: true,
    payload: { kind: "approval", toolName: "rm", input: {} },
  };

  it("given open requests, should give each its reply through the gate (an approval: a deny) and then send the message", async () => {
    const { chat, messages } = chatTransport([request, gate]);
    const client = createHitlClient({ transport: chat, kinds });
    await expect(client.sendMessage({ text: "neither" })).resolves.toEqual({
      status: "sent",
      answered: ["r1", "g1"],
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.replies.map((r) => r.answer)).toEqual([
      { type: "reply", text: "neither" },
      { type: "value", value: { decision: "deny", note: REPLIED_IN_CHAT_REASON } },
    ]);
    expect(client.getRequest("r1")?.state).toBe("responded");
    expect(client.answer("r1", pickA).status).toBe("already-answered");
  });

  it("given another tab claimed a request, should leave that request to it and still send the message", async () => {
    const local = createMemoryStorage();
    const locks = createMemoryLocks();
    const tab = () => createStorageJournal({ session: createMemoryStorage(), local, locks });
    const first = chatTransport([request]);
    const second = chatTransport([request]);
    const one = createHitlClient({ transport: first.chat, kinds, journal: tab() });
    const other = createHitlClient({ transport: second.chat, kinds, journal: tab() });
    expect(one.answer("r1", pickA).status).toBe("sent");
    await one.whenIdle();
    await expect(other.sendMessage({ text: "hi" })).resolves.toEqual({ status: "sent", answered: [] });
    expect(second.messages[0]?.replies).toEqual([]);
    expect(other.getRequest("r1")).toMatchObject({ state: "submitting", error: { kind: "unconfirmed" } });
  });

  it("given replies the server took before the message itself failed, should keep them answered and fail only the message", async () => {
    const { chat } = chatTransport([request, gate]);
    const failing: HitlTransport = {
      ...chat,
      async sendMessage() {
        throw new MessageNotSentError(
          "The thread still waits on a question; the message was not sent.",
          new Set(["r1"]),
        );
      },
    };
    const client = createHitlClient({ transport: failing, kinds });
    await expect(client.sendMessage({ text: "neither" })).resolves.toMatchObject({
      status: "failed",
      error: { message: "The thread still waits on a question; the message was not sent." },
    });
    // r1's reply went: answered, not reopened; g1's did not: it failed, answerable again.
    expect(client.getRequest("r1")?.state).toBe("responded");
    expect(client.getRequest("r1")?.error).toBeUndefined();
    expect(client.getRequest("g1")).toMatchObject({ error: { kind: "rejected" } });
  });

  it("given a transport without a reply path, should refuse", async () => {
    const { transport } = scriptedTransport();
    const client = createHitlClient({ transport, kinds });
    await expect(client.sendMessage({ text: "hi" })).resolves.toMatchObject({ status: "refused" });
  });
});

describe("a held answer whose question stopped waiting (`gone`)", () => {
  const answerOf = (value: unknown): AnswerBody => ({ type: "value", value });
  type Events = ReturnType<typeof scriptedTransport>["events"];

  /** The server's own resolution of r1, as the stream delivers it. */
  const resolve = (events: Events, outcome: "answered" | "withdrawn", response?: AnswerBody) =>
    events.deliver({
      type: "transport",
      eventId: "e2",
      changes: [{ type: "resolved", requestId: "r1", outcome, ...(response ? { response } : {}), authoritative: true }],
    });

  /** r1 answered through a transport that says `gone`, after `before` (what the stream did meanwhile). */
  async function answeredThenGone(before: (events: Events) => void = () => {}) {
    const { transport, events } = scriptedTransport(async () => {
      before(events);
      return { type: "gone" };
    });
    const client = createHitlClient({ transport, kinds });
    const stop = client.mount();
    client.answer("r1", answerOf({ id: "a" }));
    await client.whenIdle();
    return { client, events, stop };
  }

  it("given the stream settled it first, should show it answered elsewhere with what was chosen there", async () => {
    const { client, stop } = await answeredThenGone((events) => resolve(events, "answered", pickA));
    expect(client.getRequest("r1")).toMatchObject({
      state: "settled",
      outcome: "answered",
      answeredElsewhere: true,
      resolution: pickA,
    });
    stop();
  });

  it("given the look that found it gone ahead of the stream, should still settle it answered elsewhere once the server's resolution arrives", async () => {
    const { client, events, stop } = await answeredThenGone();
    expect(client.getRequest("r1")).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    // Then the stream catches up with what the other device chose.
    const chosen = answerOf({ id: "b" });
    resolve(events, "answered", chosen);
    expect(client.getRequest("r1")).toMatchObject({
      state: "settled",
      outcome: "answered",
      answeredElsewhere: true,
      resolution: chosen,
    });
    stop();
  });

  it("given the stream then says it was withdrawn, should show it withdrawn", async () => {
    const { client, events, stop } = await answeredThenGone();
    resolve(events, "withdrawn");
    expect(client.getRequest("r1")).toMatchObject({ state: "settled", outcome: "withdrawn" });
    stop();
  });
});
