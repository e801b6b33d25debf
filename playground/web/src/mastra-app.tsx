import { MastraClient } from "@mastra/client-js";
import { HitlProvider, HitlRenderer } from "hitl-kit";
import { useMastraHitl } from "hitl-kit/adapters/mastra";
import { useState } from "react";
import { MASTRA_PHRASES } from "../../mastra/phrases";
import { Composer } from "./composer";
import { collections } from "./library";
import { registry } from "./registry";

const THREAD_KEY = "hitl-playground:mastra-thread";
const RESOURCE = "playground-user";

/** One line of the page's own transcript, from the chunks of the streams it followed. */
type Line =
  | { readonly type: "user" | "assistant"; readonly id: string; readonly text: string }
  | {
      readonly type: "tool";
      readonly id: string;
      readonly toolName: string;
      readonly callId: string;
      readonly text: string;
    };

function threadOfTab(): string {
  try {
    const saved = sessionStorage.getItem(THREAD_KEY);
    if (saved) return saved;
    const id = `thread-${crypto.randomUUID()}`;
    sessionStorage.setItem(THREAD_KEY, id);
    return id;
  } catch {
    return `thread-${crypto.randomUUID()}`;
  }
}

/**
 * The same widgets and kinds as the eve page, on a Mastra agent: `@mastra/client-js` against a
 * real Mastra server (`/mastra`, proxied by the page server; `playground/mastra/agent.ts`: a
 * scripted model, a tool per kind that suspends, a tool that needs approval, a plain suspension).
 * `useMastraHitl` turns each approval and suspension into a widget and resumes each once, only
 * while its run still waits on it. The thread is kept per tab: after a reload what still waits
 * comes back as widgets (Mastra's `listSuspendedRuns`); the page's transcript does not.
 */
export function MastraApp() {
  const [threadId] = useState(threadOfTab);
  const [agent] = useState(() =>
    // retries: 0 — the kit's client owns retrying; client-js would resend a POST after a 5xx.
    new MastraClient({ baseUrl: `${window.location.origin}/mastra`, retries: 0 }).getAgent("hitl-agent"),
  );
  const [lines, setLines] = useState<Line[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const onChunk = (chunk: unknown) => {
    const line = lineOf(chunk);
    if (line === undefined) return;
    setLines((previous) => {
      const last = previous.at(-1);
      // Text deltas of one reply join its line.
      if (line.type === "assistant" && last?.type === "assistant" && last.id === line.id) {
        return [...previous.slice(0, -1), { ...last, text: last.text + line.text }];
      }
      return [...previous, line];
    });
  };
  // Every stream the transport follows: the page's own and the ones its answers start.
  const hitl = useMastraHitl(agent, { threadId, resourceId: RESOURCE, onChunk });

  const send = async (text: string) => {
    setBusy(true);
    setError(undefined);
    setLines((previous) => [...previous, { type: "user", id: `u${previous.length}`, text }]);
    try {
      const response = await agent.stream(text, { memory: { thread: threadId, resource: RESOURCE } });
      await hitl.follow(response);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <HitlProvider transport={hitl} registry={registry} collections={collections}>
      <div className="app">
        <header className="app-header">
          <h1>hitl-kit · Mastra agent</h1>
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
                window.location.reload();
              }}
            >
              New chat
            </button>
          </div>
        </header>
        <main className="layout" data-thread-id={threadId} data-status={busy ? "streaming" : "ready"}>
          <section className="chat" aria-labelledby="mastra-chat-title">
            <h2 id="mastra-chat-title" className="visually-hidden">
              Conversation
            </h2>
            <div className="log" role="log" aria-live="polite" aria-label="Messages" data-testid="message-log">
              {lines.length === 0 && (
                <p className="log-empty">Say one of the phrases below and the agent will ask you something.</p>
              )}
              {lines.map((line) => (
                <ChatLine key={line.id} line={line} />
              ))}
            </div>
            <Composer
              to="the agent"
              phrases={MASTRA_PHRASES}
              disabled={busy}
              activity={busy ? "The agent is working…" : ""}
              error={error}
              onSend={send}
            />
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

/** A Mastra stream chunk as a transcript line: the reply's text, a tool's call and its result. */
function lineOf(chunk: unknown): Line | undefined {
  if (typeof chunk !== "object" || chunk === null || !("type" in chunk)) return undefined;
  const { type, payload, runId } = chunk as { type: string; payload?: Record<string, unknown>; runId?: string };
  const callId = typeof payload?.toolCallId === "string" ? payload.toolCallId : "";
  const toolName = typeof payload?.toolName === "string" ? payload.toolName : "tool";
  switch (type) {
    case "text-delta":
      return { type: "assistant", id: `a-${runId}-${String(payload?.id ?? "")}`, text: String(payload?.text ?? "") };
    case "tool-call":
      return { type: "tool", id: `call-${runId}-${callId}`, toolName, callId, text: "called" };
    case "tool-result":
      return { type: "tool", id: `result-${runId}-${callId}`, toolName, callId, text: JSON.stringify(payload?.result) };
    case "tool-output-denied":
      return { type: "tool", id: `denied-${runId}-${callId}`, toolName, callId, text: "denied" };
    default:
      return undefined;
  }
}

function ChatLine({ line }: { line: Line }) {
  if (line.type === "tool") {
    return (
      <p className="tool-line" data-testid="tool-result" data-tool-name={line.toolName} data-call-id={line.callId}>
        {line.toolName}: {line.text}
      </p>
    );
  }
  const user = line.type === "user";
  return (
    <article
      className={user ? "message message-user" : "message message-assistant"}
      data-testid={user ? "message-user" : "message-assistant"}
    >
      <p className="message-author">{user ? "You" : "Agent"}</p>
      <p className="message-text">{line.text}</p>
    </article>
  );
}
