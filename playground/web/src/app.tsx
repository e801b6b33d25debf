import type { ClientSessionState } from "eve/client";
import {
  type EveDynamicToolPart,
  type EveMessage,
  type EveMessagePart,
  openConversationInputs,
  useEveAgent,
} from "eve/react";
import { HitlProvider, HitlRenderer } from "hitl-kit";
import { useEveHitl } from "hitl-kit/adapters/eve";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Composer } from "./composer";
import { collections } from "./library";
import { registry } from "./registry";

const SESSION_KEY = "hitl-playground:session";
const THEME_KEY = "hitl-playground:theme";

type Theme = "light" | "dark";

// ─── Session persistence (sessionStorage: per tab, survives a reload) ───────────────────────────

/** `?session=<id>` (open one conversation in a second tab), else this tab's saved cursor. */
function loadSession(): ClientSessionState | undefined {
  const fromUrl = new URLSearchParams(window.location.search).get("session");
  if (fromUrl) return { sessionId: fromUrl, streamIndex: 0 };
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null");
    if (typeof saved !== "object" || saved === null) return undefined;
    const { sessionId, streamIndex } = saved as Record<string, unknown>;
    if (typeof sessionId !== "string" || sessionId === "") return undefined;
    return { sessionId, streamIndex: typeof streamIndex === "number" && streamIndex >= 0 ? streamIndex : 0 };
  } catch {
    return undefined;
  }
}

function saveSession(session: ClientSessionState | undefined): void {
  try {
    if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage unavailable (private mode, quota): the chat still works, a reload starts afresh.
  }
}

// ─── Theme ──────────────────────────────────────────────────────────────────────────────────────

function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() =>
    document.documentElement.dataset.theme === "dark" ? "dark" : "light",
  );
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Not remembered: fine.
    }
  }, [theme]);
  return [theme, () => setTheme((current) => (current === "dark" ? "light" : "dark"))];
}

// ─── The page ───────────────────────────────────────────────────────────────────────────────────

export function App() {
  const [theme, toggleTheme] = useTheme();
  // A new chat remounts <Chat>: a fresh eve store, a fresh kit ledger.
  const [chat, setChat] = useState(0);
  const current = useRef(chat);
  current.current = chat;

  const newChat = useCallback(() => {
    saveSession(undefined);
    const url = new URL(window.location.href);
    if (url.searchParams.has("session")) {
      url.searchParams.delete("session");
      window.history.replaceState(null, "", url);
    }
    setChat((n) => n + 1);
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>hitl-kit playground</h1>
        <div className="app-header-actions">
          <a className="button" href="/ai-sdk.html">
            AI SDK useChat
          </a>
          <a className="button" href="/mcp.html">
            MCP elicitation
          </a>
          <button
            type="button"
            role="switch"
            aria-checked={theme === "dark"}
            data-testid="theme-toggle"
            className="button"
            onClick={toggleTheme}
          >
            <span aria-hidden="true">{theme === "dark" ? "☾" : "☀"}</span> Dark theme
          </button>
          <button type="button" data-testid="new-chat" className="button" onClick={newChat}>
            New chat
          </button>
        </div>
      </header>
      <Chat
        key={chat}
        onSessionChange={(session) => {
          // A chat that was just replaced may still report its cursor while it shuts down.
          if (chat === current.current) saveSession(session);
        }}
        onNewChat={newChat}
      />
    </div>
  );
}

interface ChatProps {
  onSessionChange: (session: ClientSessionState | undefined) => void;
  onNewChat: () => void;
}

function Chat({ onSessionChange, onNewChat }: ChatProps) {
  const [saved] = useState(loadSession);
  const agent = useEveAgent({
    host: "", // same origin: Vite proxies /eve to the local eve server
    ...(saved ? { initialSession: saved, resume: true } : {}),
    onSessionChange,
  });
  const transport = useEveHitl(agent);

  const resuming = agent.status === "resuming";
  const busy = agent.status === "submitted" || agent.status === "streaming";
  const waiting = openConversationInputs(agent.conversation).length > 0;
  const [sendError, setSendError] = useState<string>();

  const send = async (text: string) => {
    const message = text.trim();
    if (message === "" || resuming) return false;
    setSendError(undefined);
    follow();
    try {
      // During a turn (also while it waits for an answer) a message steers it, as eve's docs do.
      await agent.send(message, busy ? { turnPolicy: "steer" } : undefined);
    } catch (error) {
      setSendError(error instanceof Error ? error.message : String(error));
    }
    return true;
  };

  const messages = agent.data.messages;
  const log = useRef<HTMLDivElement>(null);
  const follow = useStickToBottom(log, messages);

  return (
    <HitlProvider transport={transport} registry={registry} collections={collections}>
      <main className="layout" data-session-id={agent.session?.sessionId} data-status={agent.status}>
        <section className="chat" aria-labelledby="chat-title">
          <h2 id="chat-title" className="visually-hidden">
            Conversation
          </h2>
          {agent.error && (
            <div className="banner" role="alert">
              <p>
                {agent.events.length === 0 && saved
                  ? "The saved conversation could not be restored."
                  : "Something went wrong talking to the agent."}{" "}
                <span className="muted">{agent.error.message}</span>
              </p>
              <button type="button" className="button" onClick={onNewChat}>
                Start a new chat
              </button>
            </div>
          )}
          <div
            ref={log}
            className="log"
            role="log"
            aria-live="polite"
            aria-relevant="additions"
            aria-label="Messages"
            aria-busy={resuming || undefined}
            data-testid="message-log"
          >
            {messages.length === 0 && (
              <p className="log-empty">
                {resuming
                  ? "Restoring the conversation…"
                  : "Say one of the phrases below and the agent will ask you something."}
              </p>
            )}
            {messages.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </div>
          <Composer
            disabled={resuming}
            activity={resuming ? "Reconnecting…" : busy && !waiting ? "The agent is working…" : ""}
            error={sendError}
            onSend={send}
          />
        </section>
        <aside className="queue" aria-labelledby="queue-title" data-testid="pending-queue">
          <h2 id="queue-title">Waiting for you</h2>
          <HitlRenderer settled="none" />
          <p className="queue-empty">Nothing is waiting for you.</p>
        </aside>
      </main>
    </HitlProvider>
  );
}

/**
 * Keeps the newest message in view, unless the person scrolled up to read. The log scrolls on its
 * own on wide screens (the app shell), the whole page on narrow ones.
 */
function useStickToBottom(log: RefObject<HTMLElement | null>, content: unknown) {
  const stick = useRef(true);
  const scroller = useCallback((): HTMLElement => {
    const element = log.current;
    return element && getComputedStyle(element).overflowY === "auto" ? element : document.documentElement;
  }, [log]);
  useEffect(() => {
    const onScroll = () => {
      const element = scroller();
      stick.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 160;
    };
    document.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => document.removeEventListener("scroll", onScroll, { capture: true });
  }, [scroller]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the messages change.
  useEffect(() => {
    if (!stick.current) return;
    const element = scroller();
    element.scrollTop = element.scrollHeight;
  }, [content, scroller]);
  return () => {
    stick.current = true;
  };
}

// ─── Messages ───────────────────────────────────────────────────────────────────────────────────

/** Each call that asks the person, numbered in conversation order (names its region uniquely). */
function Message({ message }: { message: EveMessage }) {
  const user = message.role === "user";
  return (
    <article
      className={user ? "message message-user" : "message message-assistant"}
      data-testid={user ? "message-user" : "message-assistant"}
      data-message-id={message.id}
      data-status={message.metadata?.status}
    >
      <p className="message-author">{user ? "You" : "Agent"}</p>
      {message.parts.map((part, index) => (
        <Part key={partKey(part, index)} part={part} />
      ))}
      {message.metadata?.status === "failed" && <p className="message-failed">Not sent.</p>}
    </article>
  );
}

function partKey(part: EveMessagePart, index: number): string {
  if (part.type === "dynamic-tool") return `tool:${part.toolCallId}`;
  if ((part.type === "text" || part.type === "reasoning") && part.id) return `${part.type}:${part.id}`;
  return `${part.type}:${index}`;
}

function Part({ part }: { part: EveMessagePart }) {
  switch (part.type) {
    case "text":
      return part.text.trim() === "" ? null : <p className="message-text">{part.text}</p>;
    case "dynamic-tool":
      return <ToolPart part={part} />;
    case "file":
      return <p className="tool-line">file: {part.filename ?? part.mediaType}</p>;
    case "authorization":
      return (
        <p className="tool-line">
          sign-in: {part.displayName} ({part.state})
        </p>
      );
    default:
      return null; // step boundaries, reasoning
  }
}

/** A call that asks the person: a picker (input carries `ui`) or a tool behind an approval. */
function isHitlPart(part: EveDynamicToolPart): boolean {
  if (part.toolMetadata?.eve?.inputRequest !== undefined || part.approval !== undefined) return true;
  const input: unknown = part.input;
  return typeof input === "object" && input !== null && "ui" in input;
}

const toolStates: Record<EveDynamicToolPart["state"], string> = {
  "input-streaming": "preparing",
  "input-available": "running",
  "approval-requested": "waiting for you",
  "approval-responded": "answered",
  "output-available": "done",
  "output-error": "failed",
  "output-denied": "denied",
};

function ToolPart({ part }: { part: EveDynamicToolPart }) {
  const hitl = isHitlPart(part);
  return (
    <div
      className={hitl ? "tool-part tool-part-hitl" : "tool-part"}
      data-testid="tool-part"
      data-tool-name={part.toolName}
      data-call-id={part.toolCallId}
      data-state={part.state}
    >
      <p className="tool-line">
        tool: <code>{part.toolName}</code> ({toolStates[part.state] ?? part.state})
        {part.state === "output-error" && part.errorText ? ` — ${part.errorText}` : null}
      </p>
      {/* The widget, then its receipt, on the call that asked. The queue announces new requests. */}
      {hitl && <HitlRenderer callId={part.toolCallId} announce={false} />}
    </div>
  );
}
