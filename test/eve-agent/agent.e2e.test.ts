// @vitest-environment node
/**
 * End to end, no browser: a real eve 0.80.1 server running the playground agent (scripted,
 * network-free model), driven over raw HTTP. For each picker: create a session with the trigger
 * message, read the NDJSON stream to `input.requested`, answer ONCE with the kit's envelope, wait
 * for `session.waiting`, then read the model's prompt log: the prompt after the answer holds
 * exactly one tool result for the call, carrying the structured value.
 *
 *   npx vitest run --config test/eve-agent/vitest.config.ts
 *
 * Needs: `npm run build` (the agent imports hitl-kit from dist/) and Node 24 at
 * node_modules/.bin/node (the `node` devDependency) for eve's CLI.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type EveServer, startEveServer } from "../../playground/scripts/eve-server.mjs";
import { encodeAnswer, encodeDecline } from "../../src/adapters/eve/envelope";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { eveSink, parkEveSession } from "../../src/server/eve-inbox";
import { createMemoryInboxStore, deliverSettled } from "../../src/server/inbox-store";
import { countToolResults } from "../../src/server/transcript";
import {
  createSession,
  type EveEvent,
  readPromptLog,
  SessionStream,
  sendInputResponses,
  type ToolResultPart,
  toolResultsFor,
  userTexts,
} from "./eve-http";

const publicDir = resolve(__dirname, "../../playground/public");

interface InputRequestWire {
  readonly requestId: string;
  readonly kind: string;
  readonly prompt: string;
  readonly options?: ReadonlyArray<{ id: string }>;
  readonly action: {
    readonly kind: string;
    readonly callId: string;
    readonly toolName: string;
    readonly input: { prompt?: string; ui?: Record<string, unknown> } & Record<string, unknown>;
  };
}

let server: EveServer;
const streams: SessionStream[] = [];
const timings = { createToInputRequested: [] as number[], answerToSessionWaiting: [] as number[] };
let nonce = 0;

/** Progress and timings, on stderr (shown by Vitest next to the test file). */
function report(line: string): void {
  process.stderr.write(`${line}\n`);
}

beforeAll(async () => {
  server = await startEveServer({ log: report });
  report(`eve server: build ${server.timings.buildMs} ms (0 = already built), start ${server.timings.startMs} ms`);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  const stopStarted = performance.now();
  await server?.stop();
  const summary = (values: number[]) =>
    values.length === 0
      ? "n/a"
      : `median ${Math.round(values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0)} ms, max ${Math.round(Math.max(...values))} ms (n=${values.length})`;
  report(
    [
      `session create → input.requested: ${summary(timings.createToInputRequested)}`,
      `answer → session.waiting: ${summary(timings.answerToSessionWaiting)}`,
      `stop: ${Math.round(performance.now() - stopStarted)} ms`,
    ].join("\n"),
  );
});

/** Sends a trigger message in a new session and waits for the parked request. */
async function ask(trigger: string) {
  const message = `${trigger} [e2e-${process.pid}-${++nonce}]`;
  const started = performance.now();
  const sessionId = await createSession(server.url, message);
  const stream = new SessionStream(server.url, sessionId);
  streams.push(stream);
  const { event, index } = await stream.waitFor((e) => e.type === "input.requested");
  timings.createToInputRequested.push(performance.now() - started);
  const requests = event.data.requests as InputRequestWire[];
  expect(requests).toHaveLength(1);
  const request = requests[0] as InputRequestWire;
  return { sessionId, stream, request, requestedAt: index, message };
}

type Asked = Awaited<ReturnType<typeof ask>>;

/** Answers once and waits for the turn to end; returns the model's view of what happened. */
async function answer(asked: Asked, response: { optionId?: string; text?: string }) {
  const started = performance.now();
  const sent = await sendInputResponses(server.url, asked.sessionId, [
    { requestId: asked.request.requestId, ...response },
  ]);
  expect(sent.status).toBe(202);
  expect(sent.body).toMatchObject({ ok: true, status: "accepted" });
  await asked.stream.waitFor((e) => e.type === "session.waiting", { from: asked.requestedAt });
  timings.answerToSessionWaiting.push(performance.now() - started);
  return inspect(asked);
}

/** What the stream and the prompt log say about the asked call. */
function inspect(asked: Asked) {
  const callId = asked.request.action.callId;
  const events = asked.stream.events;
  const ofType = (type: string) => events.filter((event) => event.type === type);
  // Every prompt the model got that mentions a result for this call.
  const prompts = readPromptLog(server.promptLog).filter((entry) => toolResultsFor(entry.prompt, callId).length > 0);
  const next = prompts[0];
  return {
    callId,
    events,
    resolutions: ofType("input.resolved").flatMap(
      (event) => event.data.resolutions as Array<{ requestId: string; outcome: string }>,
    ),
    actionResults: ofType("action.result").filter(
      (event) => (event.data.result as { callId?: string } | undefined)?.callId === callId,
    ),
    turnsStarted: ofType("turn.started").length,
    prompts,
    nextPrompt: next?.prompt ?? [],
    results: next ? toolResultsFor(next.prompt, callId) : [],
    resultCount: next ? countToolResults(next.prompt).get(callId) : undefined,
    reply: ofType("message.completed").map((event) => String(event.data.message)),
  };
}

/** The exactly-once checks every answered request must pass. */
function expectExactlyOneResult(seen: ReturnType<typeof inspect>): ToolResultPart {
  expect(seen.resultCount).toBe(1);
  expect(seen.results).toHaveLength(1);
  // The model was called once after the answer (then it replied and the turn ended).
  expect(seen.prompts).toHaveLength(1);
  expect(seen.actionResults).toHaveLength(1);
  // No extra turn, and no answer re-injected as a user message.
  expect(seen.turnsStarted).toBe(1);
  expect(userTexts(seen.nextPrompt).some((text) => /earlier interactive prompt/i.test(text))).toBe(false);
  const result = seen.results[0] as ToolResultPart;
  // The model replied with the structured result it received.
  expect(seen.reply.at(-1)).toContain(JSON.stringify(result.output));
  return result;
}

describe("the playground agent on a real eve server", () => {
  it("given 'pick media', should park the media payload and return exactly one answered result", async () => {
    const asked = await ask("pick media");
    expect(asked.request).toMatchObject({ kind: "question", action: { kind: "tool-call", toolName: "pick_media" } });
    const ui = asked.request.action.input.ui as { kind: string; items: Array<{ id: string; url: string }> };
    expect(ui.kind).toBe("media");
    expect(ui.items).toHaveLength(24);
    for (const item of ui.items) {
      expect(item.url).toMatch(/^\/media\//);
      expect(existsSync(join(publicDir, item.url))).toBe(true);
    }

    const seen = await answer(asked, { text: encodeAnswer("media", { selected: ["volcano"] }) });
    expect(seen.resolutions).toEqual([
      expect.objectContaining({ requestId: asked.request.requestId, outcome: "answered" }),
    ]);
    const result = expectExactlyOneResult(seen);
    expect(result).toMatchObject({ toolName: "pick_media", toolCallId: asked.request.action.callId });
    expect(result.output).toEqual({ type: "json", value: { status: "answered", value: { selected: ["volcano"] } } });
  });

  it.each([
    [
      "pick template",
      "pick_template",
      "template",
      { templateId: "product-launch", variables: { productName: "Acme Rocket" } },
    ],
    ["pick aspect ratio", "pick_aspect_ratio", "aspect-ratio", { ratio: "16:9", width: 1, height: 0.5625 }],
    ["pick tags", "pick_tags", "multi-select", { selected: ["design", "developers", "tutorial"] }],
    [
      "fill form",
      "fill_form",
      "form",
      {
        values: {
          title: "Spring meetup",
          organizerEmail: "sam@example.com",
          capacity: 40,
          date: "2026-04-18",
          format: "hybrid",
          channels: ["email", "blog"],
          notes: "Bring a laptop.",
          codeOfConduct: true,
        },
      },
    ],
    ["pick voice", "pick_voice", "voice", { voiceId: "lea" }],
  ] as const)("given '%s', should return exactly one answered %s result", async (trigger, toolName, kind, value) => {
    const asked = await ask(trigger);
    expect(asked.request.action.toolName).toBe(toolName);
    expect(asked.request.action.input.ui?.kind).toBe(kind);

    const seen = await answer(asked, { text: encodeAnswer(kind, value) });
    const result = expectExactlyOneResult(seen);
    expect(result.output.type).toBe("json");
    expect(result.output.value).toMatchObject({ status: "answered", value });
  });

  it("given a declined media picker, should return exactly one declined result with the reason", async () => {
    const asked = await ask("pick media");
    const seen = await answer(asked, { text: encodeDecline("media", "None of these fit the brand") });
    const result = expectExactlyOneResult(seen);
    expect(result.output).toEqual({
      type: "json",
      value: { status: "declined", reason: "None of these fit the brand" },
    });
  });

  it("given a voice the request did not offer, should return exactly one invalid result naming the field", async () => {
    const asked = await ask("pick voice");
    const seen = await answer(asked, { text: encodeAnswer("voice", { voiceId: "nobody" }) });
    const result = expectExactlyOneResult(seen);
    expect(result.output.value).toMatchObject({
      status: "invalid",
      issues: [{ path: ["value", "voiceId"], message: expect.stringContaining("Unknown voice") }],
    });
  });

  it("given 'delete file' denied with a note, should return exactly one execution-denied result", async () => {
    const asked = await ask("delete file");
    expect(asked.request).toMatchObject({
      kind: "tool-approval",
      action: { toolName: "delete_file", input: { path: "notes/old-draft.md" } },
    });
    expect(asked.request.options?.map((option) => option.id)).toEqual(["approve", "cancel"]);

    const seen = await answer(asked, { optionId: "cancel", text: "no" });
    expect(seen.resolutions).toEqual([expect.objectContaining({ outcome: "denied" })]);
    expect(seen.events.filter((event) => event.type === "approval.settled")).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ outcome: "cancelled" }) }),
    ]);
    const result = expectExactlyOneResult(seen);
    expect(result.output).toEqual({ type: "execution-denied", reason: expect.stringContaining('"no"') });
  });

  it("given 'delete file' approved, should run the tool once and return its output", async () => {
    const asked = await ask("delete file");
    const seen = await answer(asked, { optionId: "approve" });
    expect(seen.resolutions).toEqual([expect.objectContaining({ outcome: "approved" })]);
    const result = expectExactlyOneResult(seen);
    expect(result.output).toEqual({ type: "json", value: { deleted: "notes/old-draft.md" } });
  });

  it("given 'broken ui', should park a malformed ui payload that a free-text answer still resolves", async () => {
    const asked = await ask("broken ui");
    expect(asked.request.action.toolName).toBe("pick_broken");
    expect(asked.request.action.input.ui).toMatchObject({ kind: "media", items: "not-an-array" });

    const seen = await answer(asked, { text: "The one with the lighthouse, please" });
    const result = expectExactlyOneResult(seen);
    expect(result.output).toEqual({
      type: "json",
      value: { status: "replied", text: "The one with the lighthouse, please" },
    });
  });

  it("given a message without a trigger phrase, should reply with the help text and ask nothing", async () => {
    const sessionId = await createSession(server.url, `hello [e2e-${process.pid}-${++nonce}]`);
    const stream = new SessionStream(server.url, sessionId);
    streams.push(stream);
    await stream.waitFor((e) => e.type === "session.waiting");
    const types = stream.events.map((event: EveEvent) => event.type);
    expect(types).not.toContain("input.requested");
    const reply = stream.events.find((event) => event.type === "message.completed");
    expect(String(reply?.data.message)).toContain('"pick media"');
  });
});

describe("the cross-device answer guard in front of a real eve server", () => {
  /** Two app instances: two guards, nothing shared but eve itself. */
  const guards = () => [0, 1].map(() => createEveAnswerGuard({ eveUrl: server.url }));
  const post = (guard: (request: Request) => Promise<Response>, asked: Asked, text: string) =>
    guard(
      new Request(`http://app.example/eve/v1/session/${encodeURIComponent(asked.sessionId)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ inputResponses: [{ requestId: asked.request.requestId, text }] }),
      }),
    );

  it("given a second device answering after the first answer settled, should refuse it and keep one tool result", async () => {
    const [first, second] = guards() as [(r: Request) => Promise<Response>, (r: Request) => Promise<Response>];
    const asked = await ask("pick tags");
    const sent = await post(first, asked, encodeAnswer("multi-select", { selected: ["design"] }));
    expect(sent.status).toBe(202);
    await asked.stream.waitFor((e) => e.type === "session.waiting", { from: asked.requestedAt });

    const late = await post(second, asked, encodeAnswer("multi-select", { selected: ["tutorial"] }));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      code: "HITL_ALREADY_ANSWERED",
      requestId: asked.request.requestId,
      outcome: "answered",
      response: { type: "value", value: { selected: ["design"] } },
    });
    // Nothing reached eve: no stray user message, no second turn, one tool result.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = inspect(asked);
    expectExactlyOneResult(seen);
    expect(seen.turnsStarted).toBe(1);
  });
});

describe("the inbox in front of a real eve server", () => {
  it("given a picker parked into the inbox and answered there, should reach eve once through the guard; a repeated delivery sends nothing", async () => {
    const asked = await ask("pick tags");
    const store = createMemoryInboxStore();
    const { requestId } = asked.request;
    expect(await parkEveSession({ eveUrl: server.url, sessionId: asked.sessionId, store, owner: "ada" })).toEqual({
      parked: 1,
    });
    expect(await store.get(requestId)).toMatchObject({ state: "open", request: { kind: "multi-select" } });

    const value = { selected: ["design", "tutorial"] };
    const claim = await store.answer(requestId, {
      owner: "ada",
      answer: { type: "value", value },
      outcome: "answered",
    });
    expect(claim.won).toBe(true);
    const sink = eveSink({ guard: createEveAnswerGuard({ eveUrl: server.url }) });
    expect((await deliverSettled(store, sink)).delivered).toEqual([requestId]);
    await asked.stream.waitFor((e) => e.type === "session.waiting", { from: asked.requestedAt });

    // A deliverer that died before marking the record delivered: the outbox hands it out again.
    const record = await store.get(requestId);
    if (!record) throw new Error("the parked record is gone");
    await sink(record);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = inspect(asked);
    const result = expectExactlyOneResult(seen);
    expect(result.output.value).toMatchObject({ status: "answered", value });
    // Nothing is open in eve any more: parking the session again parks nothing.
    expect(await parkEveSession({ eveUrl: server.url, sessionId: asked.sessionId, store, owner: "ada" })).toEqual({
      parked: 0,
    });
  });
});
