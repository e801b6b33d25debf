import type { Message } from "@langchain/langgraph-sdk";
import { useStream } from "@langchain/langgraph-sdk/react";
import { HitlProvider, HitlRenderer, useHitlClient } from "hitl-kit";
import { useLangGraphHitl } from "hitl-kit/adapters/langgraph";
import { useState } from "react";
import { Composer } from "./composer";
import { collections } from "./library";
import { registry } from "./registry";

const THREAD_KEY = "hitl-playground:langgraph-thread";

/** What the scripted model reacts to (see playground/langgraph/graph.ts). */
export const LANGGRAPH_PHRASES = [
  "pick media",
  "pick template",
  "pick aspect ratio",
  "pick tags",
  "fill form",
  "pick voice",
  "ask questions",
  "pick two",
  "review actions",
  "delete file",
] as const;

/** The graph's state, as far as the page reads it. */
interface AgentState extends Record<string, unknown> {
  messages: Message[];
  answers?: { tool: string; callId: string; result: unknown }[];
}

/** LangGraph asks for strict resume through this (internal) key: a resume that lost a race is refused. */
const strictResume = () => ({ config: { configurable: { __pregel_strict_resume: true } } });

function savedThread(): string | null {
  try {
    return sessionStorage.getItem(THREAD_KEY);
  } catch {
    return null;
  }
}

/**
 * The same widgets and kinds as the eve page, on LangGraph: `useStream` from
 * `@langchain/langgraph-sdk/react` against a real LangGraph API server (`/langgraph`, proxied by
 * the page server; `playground/langgraph/graph.ts`: a scripted chat model, a node per question).
 * `useLangGraphHitl` turns each interrupt into a widget and resumes through the stream's own
 * `submit`, once per interrupt. The thread id is kept per tab: a reload picks the thread up, and
 * what it still waits on comes back as widgets (what was answered does not).
 */
export function LangGraphApp() {
  const [threadId, setThreadId] = useState<string | null>(savedThread);
  const [apiUrl] = useState(() => `${window.location.origin}/langgraph`);
  const stream = useStream<AgentState>({
    apiUrl,
    assistantId: "agent",
    threadId,
    onThreadId: (id) => {
      sessionStorage.setItem(THREAD_KEY, id);
      setThreadId(id);
    },
  });
  const hitl = useLangGraphHitl(stream, { threadId, runPayload: strictResume });
  const waiting = stream.interrupts.length > 0;

  return (
    <HitlProvider transport={hitl} registry={registry} collections={collections}>
      <div className="app">
        <header className="app-header">
          <h1>hitl-kit · LangGraph useStream</h1>
          <div className="app-header-actions">
            <a className="button" href="/">
              eve chat
            </a>
            <button
              type="button"
              className="button"
              data-testid="new-chat"
              onClick={() => {
                sessionStorage.removeItem(THREAD_KEY);
                setThreadId(null);
              }}
            >
              New chat
            </button>
          </div>
        </header>
        <main className="layout" data-thread-id={threadId ?? ""} data-status={stream.isLoading ? "streaming" : "ready"}>
          <section className="chat" aria-labelledby="lg-chat-title">
            <h2 id="lg-chat-title" className="visually-hidden">
              Conversation
            </h2>
            {stream.error !== undefined && stream.error !== null && (
              <div className="banner" role="alert">
                <p>Something went wrong talking to the graph: {String(stream.error)}</p>
              </div>
            )}
            <div className="log" role="log" aria-live="polite" aria-label="Messages" data-testid="message-log">
              {stream.messages.length === 0 && (
                <p className="log-empty">Say one of the phrases below and the graph will ask you something.</p>
              )}
              {stream.messages.map((message, index) => (
                <ChatMessage key={message.id ?? index} message={message} />
              ))}
            </div>
            <KitComposer busy={stream.isLoading} waiting={waiting} />
          </section>
          <aside className="queue" aria-labelledby="queue-title" data-testid="pending-queue">
            <h2 id="queue-title">Waiting for you</h2>
            <HitlRenderer settled="session" />
            <p className="queue-empty">Nothing is waiting for you.</p>
          </aside>
        </main>
      </div>
    </HitlProvider>
  );
}

/**
 * The chat box, sending through the provider's client: a question the graph waits on gets one
 * reply first (resumed), then the message goes as a run of its own — never `stream.submit` while
 * a question waits (that would withdraw it unanswered, or on some servers BE its answer).
 */
function KitComposer({ busy, waiting }: { busy: boolean; waiting: boolean }) {
  const client = useHitlClient();
  return (
    <Composer
      to="the graph"
      phrases={LANGGRAPH_PHRASES}
      disabled={busy}
      activity={busy ? "The graph is working…" : waiting ? "The graph waits for you." : ""}
      error={undefined}
      onSend={(text) => client.sendMessage({ text })}
    />
  );
}

function ChatMessage({ message }: { message: Message }) {
  const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  if (message.type === "tool") {
    return (
      <p
        className="tool-line"
        data-testid="tool-result"
        data-tool-name={message.name}
        data-call-id={message.tool_call_id}
      >
        {message.name}: {text}
      </p>
    );
  }
  const user = message.type === "human";
  const calls = message.type === "ai" ? (message.tool_calls ?? []) : [];
  return (
    <article
      className={user ? "message message-user" : "message message-assistant"}
      data-testid={user ? "message-user" : "message-assistant"}
    >
      <p className="message-author">{user ? "You" : "Graph"}</p>
      {text.trim() !== "" && <p className="message-text">{text}</p>}
      {calls.map((call) => (
        <p
          key={call.id}
          className="tool-line"
          data-testid="tool-call"
          data-tool-name={call.name}
          data-call-id={call.id}
        >
          tool: <code>{call.name}</code>
        </p>
      ))}
    </article>
  );
}
