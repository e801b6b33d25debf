import { selectRequests } from "../../src/core/ledger";
import { readInterruptResolution } from "../../src/server/tanstack-ai";
import { conformanceKind } from "../../src/testing/conformance";
import { openPage, type Page, settled, until } from "../support/tanstack-ai-page";
import {
  formInterrupt,
  freeInterrupt,
  pickInterrupt,
  startTanStackAiRoute,
  type TanStackAiRoute,
} from "../support/tanstack-ai-server";

/**
 * The TanStack AI transport over a REAL `ChatClient` (`@tanstack/ai-client` 0.33) and a REAL
 * `chat()` route (`@tanstack/ai` 0.58, a scripted fake adapter) over HTTP on 127.0.0.1. Every
 * answer goes through `createHitlClient`; what counts is what the route RECEIVED: its requests
 * and the resume entries they carried (exactly one per interrupt, in one batch).
 */

let route: TanStackAiRoute;
const pages: Page[] = [];

beforeEach(async () => {
  route = await startTanStackAiRoute();
});

afterEach(async () => {
  for (const page of pages.splice(0)) page.close();
  await route.close();
});

function open(options: Parameters<typeof openPage>[1] = {}): Page {
  const page = openPage(route, options);
  pages.push(page);
  return page;
}

const requests = (page: Page) =>
  selectRequests(page.hitl.store.getSnapshot()).map((r) => [r.requestId, r.kind, r.state, r.outcome ?? null]);

/** The ids of the requests the route received that carried a resume. */
const resumeRequests = () => route.requests.filter((body) => Array.isArray(body.resume));

describe("the TanStack AI transport over a real ChatClient and chat() route", () => {
  it("given a picker and an approval in one step, each answered twice, should resume once with exactly one entry each", async () => {
    const page = open();
    await page.chat.sendMessage("both");
    await until(() => requests(page).length === 2, "both requests");
    expect(requests(page)).toEqual([
      ["call_pick_1", "pick", "open", null],
      ["approval_call_del_1", "approval", "open", null],
    ]);

    expect(page.hitl.answer("call_pick_1", { type: "value", value: { id: "a" } }).status).toBe("sent");
    expect(page.hitl.answer("call_pick_1", { type: "value", value: { id: "b" } }).status).toBe("already-answered");
    await page.hitl.whenIdle();
    // The batch waits for the approval: nothing went to the route yet.
    expect(route.requests).toHaveLength(1);
    expect(page.hitl.answer("approval_call_del_1", { type: "value", value: { decision: "approve" } }).status).toBe(
      "sent",
    );
    expect(page.hitl.answer("approval_call_del_1", { type: "value", value: { decision: "approve" } }).status).toBe(
      "already-answered",
    );
    await settled(route, page);

    expect(route.requests).toHaveLength(2);
    expect(resumeRequests()).toHaveLength(1);
    expect(route.resumes).toEqual([
      { interruptId: "approval_call_del_1", status: "resolved", payload: { approved: true } },
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { id: "a" } },
    ]);
    expect(route.deletions).toEqual([{ path: "/tmp/report.txt" }]);
    expect(requests(page)).toEqual([
      ["call_pick_1", "pick", "settled", "answered"],
      ["approval_call_del_1", "approval", "settled", "approved"],
    ]);
    // The model read one result per call, and answered.
    const last = page.chat.getMessages().at(-1);
    expect(last?.parts).toEqual([{ type: "text", content: "ok" }]);
  });

  it("given a decline with a reason and a denial, should send one typed decline and one denial, and never run the tool", async () => {
    const page = open();
    await page.chat.sendMessage("both");
    await until(() => requests(page).length === 2, "both requests");
    page.hitl.answer("call_pick_1", { type: "declined", reason: "none fit" });
    page.hitl.answer("approval_call_del_1", { type: "declined", reason: "keep it" });
    await settled(route, page);
    expect(route.resumes).toEqual([
      { interruptId: "approval_call_del_1", status: "resolved", payload: { approved: false } },
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { declined: true, reason: "none fit" } },
    ]);
    expect(route.deletions).toEqual([]);
    expect(requests(page)).toEqual([
      ["call_pick_1", "pick", "settled", "answered"],
      ["approval_call_del_1", "approval", "settled", "denied"],
    ]);
    expect(page.hitl.getRequest("call_pick_1")?.resolution).toEqual({ type: "declined", reason: "none fit" });
  });

  it("given a chat message while a picker and an approval wait, should reply to both in one resume, then send the message", async () => {
    const page = open();
    await page.chat.sendMessage("both");
    await until(() => requests(page).length === 2, "both requests");
    const result = await page.hitl.sendMessage({ text: "neither, thanks" });
    expect(result).toEqual({ status: "sent", answered: ["call_pick_1", "approval_call_del_1"] });
    await settled(route, page);
    expect(route.resumes).toEqual([
      { interruptId: "approval_call_del_1", status: "resolved", payload: { approved: false } },
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { reply: "neither, thanks" } },
    ]);
    expect(route.deletions).toEqual([]);
    // The resume, then the message, as its own turn.
    expect(route.requests).toHaveLength(3);
    expect(route.requests.at(-1)?.resume).toBeUndefined();
    expect(page.chat.getMessages().map((m) => m.role)).toEqual(["user", "assistant", "assistant", "user", "assistant"]);
    expect(page.chat.getMessages().at(-2)?.parts).toEqual([{ type: "text", content: "neither, thanks" }]);
    expect(requests(page)).toEqual([
      ["call_pick_1", "pick", "settled", "answered"],
      ["approval_call_del_1", "approval", "settled", "denied"],
    ]);
    expect(page.hitl.getRequest("call_pick_1")?.resolution).toEqual({ type: "reply", text: "neither, thanks" });
  });

  it("given a chat message while generic interrupts wait, should reply to the kit's, cancel the form, and send the message", async () => {
    const page = open();
    await page.chat.sendMessage("interrupts");
    await until(() => requests(page).length === 3, "three interrupts");
    const result = await page.hitl.sendMessage({ text: "later" });
    expect(result.status).toBe("sent");
    await settled(route, page);
    expect(route.resumes.map((entry) => [entry.status, entry.payload ?? null])).toEqual(
      expect.arrayContaining([
        ["resolved", { reply: "later" }],
        ["cancelled", null],
        ["resolved", { reply: "later" }],
      ]),
    );
    expect(route.requests).toHaveLength(3);
  });

  it("given a lone picker, should resume on its one answer and settle it with the typed value", async () => {
    const page = open();
    await page.chat.sendMessage("ask a,b");
    await until(() => requests(page).length === 1, "the picker");
    // A value the kind refuses never leaves the page.
    expect(page.hitl.answer("call_pick_1", { type: "value", value: { id: "z" } }).status).toBe("refused");
    page.hitl.answer("call_pick_1", { type: "value", value: { id: "b" } });
    await settled(route, page);
    expect(route.resumes).toEqual([
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { id: "b" } },
    ]);
    expect(page.hitl.getRequest("call_pick_1")).toMatchObject({
      state: "settled",
      outcome: "answered",
      resolution: { type: "value", value: { id: "b" } },
    });
  });

  it("given an answer while the run that asked still streams, should wait for its interrupt and resume once", async () => {
    const page = open();
    const sending = page.chat.sendMessage("ask slowly a,b");
    await until(() => requests(page).length === 1, "the picker, while its run streams");
    expect(page.chat.getIsLoading()).toBe(true);
    expect(page.hitl.answer("call_pick_1", { type: "value", value: { id: "a" } }).status).toBe("sent");
    await sending;
    await settled(route, page);
    expect(route.resumes).toEqual([
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { id: "a" } },
    ]);
    expect(page.hitl.getRequest("call_pick_1")).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given generic interrupts, should park each as its kind, a form and the fallback, and resume once with one entry each", async () => {
    const page = open();
    await page.chat.sendMessage("interrupts");
    await until(() => requests(page).length === 3, "three interrupts");
    const [pick, form, free] = selectRequests(page.hitl.store.getSnapshot());
    expect([pick?.kind, form?.kind, free?.kind]).toEqual(["pick", "form", ""]);
    expect(pick).toMatchObject({ prompt: "Which one?", payload: { kind: "pick", ids: ["a", "b"] }, dismissible: true });
    expect(form?.payload).toMatchObject({
      kind: "form",
      fields: [
        { name: "age", type: "number" },
        { name: "name", type: "text", required: true },
      ],
    });

    page.hitl.answer(pick?.requestId ?? "", { type: "value", value: { id: "a" } });
    page.hitl.answer(pick?.requestId ?? "", { type: "value", value: { id: "b" } });
    page.hitl.answer(form?.requestId ?? "", { type: "value", value: { values: { name: "Ann" } } });
    await page.hitl.whenIdle();
    expect(route.requests).toHaveLength(1);
    page.hitl.answer(free?.requestId ?? "", { type: "reply", text: "nothing" });
    await settled(route, page);

    expect(resumeRequests()).toHaveLength(1);
    expect(new Map(route.resumes.map((entry) => [entry.interruptId, [entry.status, entry.payload]]))).toEqual(
      new Map([
        [pick?.requestId, ["resolved", { id: "a" }]],
        [form?.requestId, ["resolved", { name: "Ann" }]],
        [free?.requestId, ["resolved", { reply: "nothing" }]],
      ]),
    );
    // The server reads each back with its definition; the picker's with the kind.
    const picked = route.resolutions.find((r) => r.request.definition === pickInterrupt);
    expect(picked && readInterruptResolution(conformanceKind, picked)).toEqual({
      status: "answered",
      value: { id: "a" },
    });
    expect(route.resolutions.find((r) => r.request.definition === formInterrupt)?.response).toEqual({ name: "Ann" });
    expect(route.resolutions.find((r) => r.request.definition === freeInterrupt)?.response).toEqual({
      reply: "nothing",
    });
    expect(requests(page).map(([, , state, outcome]) => [state, outcome])).toEqual([
      ["settled", "answered"],
      ["settled", "answered"],
      ["settled", "answered"],
    ]);
  });

  it("given a picker interrupt closed and a form declined, should cancel each once", async () => {
    const page = open();
    await page.chat.sendMessage("interrupts");
    await until(() => requests(page).length === 3, "three interrupts");
    const [pick, form, free] = selectRequests(page.hitl.store.getSnapshot());
    page.hitl.answer(pick?.requestId ?? "", { type: "dismissed" });
    page.hitl.answer(form?.requestId ?? "", { type: "declined", reason: "private" });
    page.hitl.answer(free?.requestId ?? "", { type: "declined" });
    await settled(route, page);
    expect(route.resumes.map((entry) => entry.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    const picked = route.resolutions.find((r) => r.request.definition === pickInterrupt);
    expect(picked && readInterruptResolution(conformanceKind, picked)).toEqual({ status: "cancelled" });
  });

  it("given a picker interrupt declined with a reason, should resolve it with the typed decline", async () => {
    const page = open();
    await page.chat.sendMessage("interrupts");
    await until(() => requests(page).length === 3, "three interrupts");
    const [pick, form, free] = selectRequests(page.hitl.store.getSnapshot());
    page.hitl.answer(pick?.requestId ?? "", { type: "declined", reason: "none fit" });
    page.hitl.answer(form?.requestId ?? "", { type: "dismissed" });
    page.hitl.answer(free?.requestId ?? "", { type: "dismissed" });
    await settled(route, page);
    const picked = route.resolutions.find((r) => r.request.definition === pickInterrupt);
    expect(picked && readInterruptResolution(conformanceKind, picked)).toEqual({
      status: "declined",
      reason: "none fit",
    });
  });

  it("given two transports over one client (two hooks), both answering, should share one gate and send one result", async () => {
    const page = open();
    const { linkChatClient } = await import("../../src/adapters/tanstack-ai/chat-client");
    const { createHitlClient } = await import("../../src/core/client");
    const twin = linkChatClient({ threadId: "conversation" }).connect(page.chat);
    const other = createHitlClient({ transport: twin, kinds: [conformanceKind] });
    const unmount = other.mount();
    try {
      await page.chat.sendMessage("ask a,b");
      twin.sync();
      await until(() => requests(page).length === 1, "the picker");
      expect(page.hitl.answer("call_pick_1", { type: "value", value: { id: "a" } }).status).toBe("sent");
      // One ledger for the chat: the second hook's answer meets the first's at the gate.
      expect(other.answer("call_pick_1", { type: "value", value: { id: "b" } })).toMatchObject({
        status: "already-answered",
      });
      await settled(route, page);
      await other.whenIdle();
      expect(route.resumes).toEqual([
        { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { id: "a" } },
      ]);
    } finally {
      unmount();
    }
  });

  it("given a page opened on a conversation paused on its interrupts (a reload), should answer them from there, once", async () => {
    await route.say("both");
    const page = open({ fromStored: true });
    expect(requests(page)).toEqual([
      ["call_pick_1", "pick", "open", null],
      ["approval_call_del_1", "approval", "open", null],
    ]);
    page.hitl.answer("call_pick_1", { type: "value", value: { id: "a" } });
    page.hitl.answer("approval_call_del_1", { type: "value", value: { decision: "approve" } });
    await settled(route, page);
    expect(route.resumes).toEqual([
      { interruptId: "approval_call_del_1", status: "resolved", payload: { approved: true } },
      { interruptId: "client_tool_call_pick_1", status: "resolved", payload: { id: "a" } },
    ]);
    expect(route.deletions).toHaveLength(1);
    expect(requests(page).map(([, , state]) => state)).toEqual(["settled", "settled"]);
  });
});
