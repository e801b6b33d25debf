import { z } from "zod";
import { createHitlClient } from "../../src/core/client";
import { createRequestObserver } from "../../src/core/observer";
import { type EntryState, type RenderEntry, type RenderSource, renderRequest } from "../../src/core/render";
import { ACCEPTED, createConnectionState, createTransportEvents, type HitlTransport } from "../../src/core/transport";
import { defineKind } from "../../src/kinds/define-kind";

/**
 * `renderRequest` is the one place that decides what a request renders as. These tests drive it
 * through a hand-made source (what a registry answers for a kind name), so each outcome is
 * reached on its own, and check that the client and the decision parse a payload once between them.
 */

let parses = 0;
const pickKind = defineKind({
  kind: "pick",
  // Counts every parse of a payload (the schema runs once per parse).
  request: z.object({ ids: z.array(z.string()).refine(() => ++parses > 0) }),
  response: z.strictObject({ id: z.string() }),
  check: (request, response) => (request.ids.includes(response.id) ? [] : [{ path: ["id"], message: "unknown id" }]),
});
const approvalLike = defineKind({ kind: "approval", request: z.object({}), response: z.object({}) });

interface Entry extends RenderEntry {
  readonly name: string;
}

/** A source whose answers the test sets per kind name. */
function sourceOf(states: Record<string, EntryState<Entry>>): RenderSource<Entry> {
  return { entryFor: (kind) => states[kind] };
}

const pick: Entry = { name: "pick widget", kind: pickKind };
const payload = () => ({ kind: "pick", ids: ["a", "b"] });

describe("renderRequest: what a request renders as, decided once", () => {
  beforeEach(() => {
    parses = 0;
  });

  it("given a registered kind and a valid payload, should give its widget with the parsed payload, the same object each time", () => {
    const source = sourceOf({ pick: { entry: pick } });
    const request = { kind: "pick", payload: payload() };
    const first = renderRequest(source, request);
    expect(first).toEqual({ type: "widget", entry: pick, payload: { kind: "pick", ids: ["a", "b"] } });
    expect(renderRequest(source, request)).toBe(first);
    expect(parses).toBe(1);
  });

  it("given no entry, an empty kind, a bad payload or the adapter's issues, should give the fallback with its reason", () => {
    const source = sourceOf({ pick: { entry: pick } });
    expect(renderRequest(source, { kind: "voice", payload: {} })).toMatchObject({
      type: "fallback",
      reason: "unknown-kind",
      issues: [{ path: ["kind"], message: 'No widget is registered for kind "voice"' }],
    });
    expect(renderRequest(source, { kind: "", payload: {} })).toMatchObject({
      reason: "unknown-kind",
      issues: [{ message: "The request has no ui.kind" }],
    });
    expect(renderRequest(source, { kind: "pick", payload: { kind: "pick", ids: "a" } })).toMatchObject({
      type: "fallback",
      reason: "invalid-payload",
      issues: [expect.objectContaining({ path: ["ids"] })],
    });
    const issues = [{ path: ["ui"], message: "The adapter could not read it" }];
    expect(renderRequest(source, { kind: "pick", payload: payload(), issues })).toEqual({
      type: "fallback",
      reason: "invalid-payload",
      kind: "pick",
      issues,
    });
  });

  it("given a reserved kind name, should render its widget only for a request the transport marked native", () => {
    const approval: Entry = { name: "approval widget", kind: approvalLike };
    const source = sourceOf({ approval: { entry: approval } });
    expect(renderRequest(source, { kind: "approval", payload: { kind: "approval" } })).toMatchObject({
      type: "fallback",
      reason: "invalid-payload",
      issues: [{ path: ["kind"], message: expect.stringContaining("reserved") }],
    });
    expect(renderRequest(source, { kind: "approval", native: true, payload: { kind: "approval" } })).toMatchObject({
      type: "widget",
      entry: approval,
    });
  });

  it("given a widget that failed to load or that crashed, should give the answerable fallback with the error", () => {
    const source = sourceOf({ pick: { failed: new Error("chunk gone") } });
    expect(renderRequest(source, { kind: "pick", payload: payload() })).toMatchObject({
      reason: "widget-error",
      issues: [{ message: 'The widget for "pick" could not be loaded: chunk gone' }],
    });
    const loaded = sourceOf({ pick: { entry: pick } });
    expect(renderRequest(loaded, { kind: "pick", payload: payload() }, { crashed: new Error("boom") })).toMatchObject({
      reason: "widget-crashed",
      issues: [{ message: "boom" }],
    });
  });

  it("given a widget still loading, should give one promise per payload, then the widget once it has loaded", async () => {
    const states: Record<string, EntryState<Entry>> = {};
    let finish = () => {};
    states.pick = {
      loading: new Promise<void>((resolve) => {
        finish = () => {
          states.pick = { entry: pick };
          resolve();
        };
      }),
    };
    const source = sourceOf(states);
    const request = { kind: "pick", payload: payload() };
    const first = renderRequest(source, request);
    expect(first.type).toBe("loading");
    // The same promise again: a render that suspended on it finds it.
    expect(renderRequest(source, request)).toEqual(first);
    finish();
    await (first.type === "loading" ? first.loaded : undefined);
    expect(renderRequest(source, request)).toMatchObject({ type: "widget", entry: pick });
  });

  it("given a kind whose preparation settles but never finishes, should give widget-error rather than load forever", async () => {
    let prepared = 0;
    const stuck: Entry = {
      name: "stuck",
      kind: { ...pickKind, prepare: () => (++prepared > 0 ? Promise.resolve() : undefined) },
    };
    const source = sourceOf({ pick: { entry: stuck } });
    const request = { kind: "pick", payload: payload() };
    const first = renderRequest(source, request);
    expect(first.type).toBe("loading");
    await (first.type === "loading" ? first.loaded : undefined);
    await Promise.resolve();
    expect(renderRequest(source, request)).toMatchObject({
      type: "fallback",
      reason: "widget-error",
      issues: [{ message: 'The widget for "pick" did not finish loading' }],
    });
  });

  it("given a request naming a remote collection, should give the widget only when the app serves it", () => {
    const remoteKind = defineKind({
      kind: "remote",
      request: z.object({ source: z.object({ id: z.string() }).optional() }),
      response: z.object({}),
      collection: {
        item: z.object({ id: z.string() }),
        itemId: (item) => item.id,
        sourceOf: (request) => request.source,
        withItems: (request) => request,
      },
    });
    const remote: Entry = { name: "remote", kind: remoteKind };
    const source = sourceOf({ remote: { entry: remote } });
    const request = { kind: "remote", payload: { kind: "remote", source: { id: "library" } } };
    expect(renderRequest(source, request)).toMatchObject({
      type: "fallback",
      reason: "missing-collection",
      issues: [{ path: ["source", "id"], message: expect.stringContaining('"library"') }],
    });
    expect(renderRequest(source, request, { hasCollection: (id) => id === "library" })).toMatchObject({
      type: "widget",
    });
  });
});

describe("one parse per request, shared by the client and the render decision", () => {
  it("given a request rendered by two observers and answered, should parse its payload once", async () => {
    parses = 0;
    const events = createTransportEvents();
    const { connection, setConnection } = createConnectionState();
    events.deliver({
      type: "transport",
      eventId: "e1",
      changes: [
        {
          type: "requested",
          request: {
            requestId: "r1",
            callId: "c1",
            toolName: "pick",
            prompt: "Pick",
            kind: "pick",
            payload: payload(),
          },
        },
      ],
    });
    const transport: HitlTransport = {
      sessionKey: "s1",
      connection,
      connect: events.connect,
      peek: events.peek,
      send: async () => ACCEPTED,
    };
    setConnection("live");
    const client = createHitlClient({ transport, kinds: [pickKind] });
    const stop = client.mount();
    const source = sourceOf({ pick: { entry: pick } });
    const observers = [
      createRequestObserver(client, "r1", { source }),
      createRequestObserver(client, "r1", { source }),
    ];
    for (const observer of observers) expect(observer.getSnapshot().resolution?.type).toBe("widget");
    expect(client.answer("r1", { type: "value", value: { id: "b" } })).toEqual({ ok: true, status: "sent" });
    await client.whenIdle();
    expect(client.getRequest("r1")?.state).toBe("responded");
    expect(parses).toBe(1);
    stop();
  });
});
