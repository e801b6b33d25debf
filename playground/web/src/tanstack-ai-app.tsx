import { fetchServerSentEvents, sessionStoragePersistence, type UIMessage, useChat } from "@tanstack/ai-react";
import { HitlProvider, HitlRenderer, useHitlClient } from "hitl-kit";
import { useTanStackAiHitl } from "hitl-kit/adapters/tanstack-ai";
import { selectRequests } from "hitl-kit/core";
import { useState, useSyncExternalStore } from "react";
import { TANSTACK_PHRASES } from "../../tanstack-ai/phrases";
import { Composer } from "./composer";
import { collections } from "./library";
import { registry } from "./registry";

const THREAD_KEY = "hitl-playground:tanstack-ai:thread";

/** This tab's conversation id: kept across reloads, a new one for "New chat". */
function loadThreadId(): string {
  const saved = sessionStorage.getItem(THREAD_KEY);
  if (saved) return saved;
  return newThreadId();
}

function newThreadId(): string {
  const id = `thread-${crypto.randomUUID()}`;
  sessionStorage.setItem(THREAD_KEY, id);
  return id;
}

/**
 * The same widgets and kinds as the other pages, on TanStack AI's `useChat` (`@tanstack/ai-react`):
 * `/api/tanstack-ai` is the playground's route (`playground/tanstack-ai/route.ts`: the real
 * `chat()`, a scripted adapter, the kit's picker client tools, an approval-gated `delete_file` and
 * a generic picker interrupt). The conversation persists in this tab (TanStack AI's own
 * `sessionStoragePersistence`, with the interrupts a run paused on), so a reload picks it up.
 */
export function TanStackAiApp() {
  const [threadId, setThreadId] = useState(loadThreadId);
  // A new conversation is a new client: remount on a new thread.
  return <Conversation key={threadId} threadId={threadId} onNewChat={() => setThreadId(newThreadId())} />;
}

function Conversation({ threadId, onNewChat }: { threadId: string; onNewChat: () => void }) {
  // Stable across renders: `useChat` makes a new client when its connection changes.
  const [connection] = useState(() => fetchServerSentEvents("/api/tanstack-ai"));
  const [persistence] = useState(() => sessionStoragePersistence({ keyPrefix: "hitl-playground:tanstack-ai:" }));
  const chat = useChat({ connection, threadId, persistence });
  const hitl = useTanStackAiHitl(chat, { threadId });
  const busy = chat.isLoading || chat.resuming;

  return (
    <HitlProvider transport={hitl} registry={registry} collections={collections}>
      <div className="app">
        <header className="app-header">
          <h1>hitl-kit · TanStack AI useChat</h1>
          <div className="app-header-actions">
            <a className="button" href="/">
              eve chat
            </a>
            <button
              type="button"
              className="button"
              onClick={() => {
                void persistence.removeItem(threadId);
                onNewChat();
              }}
            >
              New chat
            </button>
          </div>
        </header>
        <main className="layout" data-status={chat.status}>
          <section className="chat" aria-labelledby="tanstack-chat-title">
            <h2 id="tanstack-chat-title" className="visually-hidden">
              Conversation
            </h2>
            {chat.error && (
              <div className="banner" role="alert">
                <p>Something went wrong talking to the model: {chat.error.message}</p>
              </div>
            )}
            <div className="log" role="log" aria-live="polite" aria-label="Messages" data-testid="message-log">
              {chat.messages.length === 0 && (
                <p className="log-empty">Say one of the phrases below and the model will ask you something.</p>
              )}
              {chat.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
              <InterruptRequests />
            </div>
            <KitComposer busy={busy} />
          </section>
          <aside className="queue" aria-labelledby="queue-title" data-testid="pending-queue">
            <h2 id="queue-title">Waiting for you</h2>
            <HitlRenderer settled="none" />
            <p className="queue-empty">Nothing is waiting for you.</p>
          </aside>
        </main>
      </div>
    </HitlProvider>
  );
}

/** The tools that ask the person: the picker client tools, and a call behind an approval. */
const PICKER_TOOLS = new Set([
  "pick_media",
  "pick_template",
  "pick_aspect_ratio",
  "pick_tags",
  "fill_form",
  "pick_voice",
]);

function Message({ message }: { message: UIMessage }) {
  const user = message.role === "user";
  return (
    <article
      className={user ? "message message-user" : "message message-assistant"}
      data-testid={user ? "message-user" : "message-assistant"}
    >
      <p className="message-author">{user ? "You" : "Model"}</p>
      {message.parts.map((part, index) => {
        if (part.type === "text") {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only grow at the end.
            <p key={`text:${index}`} className="message-text">
              {part.content}
            </p>
          );
        }
        if (part.type !== "tool-call") return null;
        const asks = PICKER_TOOLS.has(part.name) || part.approval !== undefined;
        return (
          <div
            key={part.id}
            className={asks ? "tool-part tool-part-hitl" : "tool-part"}
            data-testid="tool-part"
            data-tool-name={part.name}
            data-call-id={part.id}
            data-state={part.state}
          >
            <p className="tool-line" data-testid="tool-line">
              tool: <code>{part.name}</code> ({part.state})
            </p>
            {/* The widget, then its receipt, on the call that asked. The queue announces new requests. */}
            {asks && <HitlRenderer callId={part.id} announce={false} />}
          </div>
        );
      })}
    </article>
  );
}

/**
 * Generic interrupts ask outside any tool call: each shows here (the widget, then its receipt)
 * for as long as this page knows it.
 */
function InterruptRequests() {
  const { store } = useHitlClient();
  const requests = useSyncExternalStore(
    store.subscribe,
    () => selectRequests(store.getSnapshot()),
    () => selectRequests(store.getSnapshot()),
  );
  const interrupts = requests.filter((request) => request.callId.startsWith("interrupt:"));
  if (interrupts.length === 0) return null;
  return (
    <article className="message message-assistant" data-testid="interrupt-requests">
      <p className="message-author">Model (paused the run to ask)</p>
      {interrupts.map((request) => (
        <div key={request.requestId} className="tool-part tool-part-hitl" data-testid="interrupt-part">
          <HitlRenderer callId={request.callId} announce={false} />
        </div>
      ))}
    </article>
  );
}

/** The chat box, sending through the provider's client (a waiting request gets its reply first). */
function KitComposer({ busy }: { busy: boolean }) {
  const client = useHitlClient();
  return (
    <Composer
      to="the model"
      disabled={busy}
      activity={busy ? "The model is working…" : ""}
      error={undefined}
      phrases={TANSTACK_PHRASES}
      onSend={(text) => client.sendMessage({ text })}
    />
  );
}
