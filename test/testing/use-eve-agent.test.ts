// @vitest-environment jsdom
import "../setup-eve";
import { act, renderHook, waitFor } from "@testing-library/react";
import { openConversationInputs as openInputsFromClient } from "eve/client";
import { openConversationInputs, useEveAgent } from "eve/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestFetch, createTestSession, type TestFetch } from "../../src/testing";

const ui = { kind: "media", items: [{ id: "a", url: "https://example.com/a.png" }], max: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
});

function parkedSession() {
  const session = createTestSession();
  session.userMessage("please pick a cover");
  const ref = session.ask({ toolName: "pick_media", input: { prompt: "Pick a cover image", ui } });
  return { session, ...ref };
}

function answerPosts(fetch: TestFetch) {
  return fetch.requests.filter((request) => request.method === "POST" && request.body !== undefined);
}

describe("the real useEveAgent (eve/react) against createTestFetch", () => {
  it("given a session parked on an ask, should resume, expose the request with ui intact, and settle one answer", async () => {
    const { session, requestId, callId } = parkedSession();
    const fetch = createTestFetch(session);
    vi.stubGlobal("fetch", fetch);

    const { result, unmount } = renderHook(() =>
      useEveAgent({ initialSession: { sessionId: session.sessionId, streamIndex: 0 }, resume: true }),
    );
    await waitFor(() => expect(openConversationInputs(result.current.conversation)).toHaveLength(1));

    const [open] = openConversationInputs(result.current.conversation);
    expect(open?.request.requestId).toBe(requestId);
    expect(open?.request.action.input).toEqual({ prompt: "Pick a cover image", ui });
    expect(openInputsFromClient(result.current.conversation)).toHaveLength(1);
    expect(fetch.requests[0]).toMatchObject({ method: "GET", route: `/session/${session.sessionId}/stream` });
    expect(fetch.requests[0]?.search).toContain("includeTailIndex=1");

    await act(async () => {
      await result.current.respond([{ requestId, text: '{"selected":["a"]}' }]);
    });
    await waitFor(() => expect(result.current.conversation.inputs[requestId]?.status).toBe("settled"));

    expect(answerPosts(fetch)).toHaveLength(1);
    expect(session.answers(requestId)).toMatchObject([
      { handling: "settled", response: { text: '{"selected":["a"]}' } },
    ]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(result.current.conversation.inputs[requestId]).toMatchObject({ status: "settled", outcome: "answered" });
    await waitFor(() => expect(result.current.status).toBe("ready"));
    unmount();
  });

  it("given a second respond for the same request in the same page, should reject it without a second POST", async () => {
    const { session, requestId } = parkedSession();
    const fetch = createTestFetch(session);
    vi.stubGlobal("fetch", fetch);
    const { result, unmount } = renderHook(() =>
      useEveAgent({ initialSession: { sessionId: session.sessionId, streamIndex: 0 }, resume: true }),
    );
    await waitFor(() => expect(openConversationInputs(result.current.conversation)).toHaveLength(1));

    await act(async () => {
      await result.current.respond([{ requestId, text: "a" }]);
    });
    const second = await result.current.respond([{ requestId, text: "b" }]).catch((error: unknown) => error);

    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/already answered/);
    expect(answerPosts(fetch)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
    unmount();
  });

  it("given a fresh hook that sends a message, should create the session and follow the scripted ask", async () => {
    const session = createTestSession({
      onUserMessage: (_message, self) => {
        self.ask({ toolName: "pick_media", input: { prompt: "Pick a cover image", ui } });
      },
    });
    vi.stubGlobal("fetch", createTestFetch(session));
    const { result, unmount } = renderHook(() => useEveAgent());

    await act(async () => {
      await result.current.send("please pick a cover");
    });
    await waitFor(() => expect(openConversationInputs(result.current.conversation)).toHaveLength(1));

    expect(result.current.session?.sessionId).toBe(session.sessionId);
    expect(openConversationInputs(result.current.conversation)[0]?.request.action.input).toMatchObject({ ui });
    unmount();
  });

  it("given a follow-up message on an existing session, should let send() finish at the turn boundary", async () => {
    const session = createTestSession();
    session.userMessage("hello");
    session.reply("hi");
    const fetch = createTestFetch(session);
    vi.stubGlobal("fetch", fetch);
    const { result, unmount } = renderHook(() =>
      useEveAgent({ initialSession: { sessionId: session.sessionId, streamIndex: 0 }, resume: true }),
    );
    await waitFor(() => expect(result.current.status).toBe("ready"));

    await act(async () => {
      await result.current.send("tell me more");
    });

    expect(result.current.status).toBe("ready");
    expect(result.current.conversation.turns.turn_1).toMatchObject({ status: "completed" });
    expect(fetch.requests.filter((request) => request.method === "POST")).toMatchObject([
      { route: `/session/${session.sessionId}`, body: { message: "tell me more" } },
    ]);
    unmount();
  });

  it("given an answer POST that fails, should reopen the request so the person can retry", async () => {
    const { session, requestId } = parkedSession();
    vi.stubGlobal("fetch", createTestFetch(session));
    const { result, unmount } = renderHook(() =>
      useEveAgent({ initialSession: { sessionId: session.sessionId, streamIndex: 0 }, resume: true }),
    );
    await waitFor(() => expect(openConversationInputs(result.current.conversation)).toHaveLength(1));
    session.failNextRespond({ status: 500 });

    await act(async () => {
      await result.current.respond([{ requestId, text: "a" }]);
    });

    expect(result.current.conversation.inputs[requestId]?.status).toBe("open");
    expect(session.answers(requestId)).toEqual([]);
    unmount();
  });
});
