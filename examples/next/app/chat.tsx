"use client";
import { type EveMessage, useEveAgent } from "eve/react";
import { HitlProvider, HitlRenderer } from "hitl-kit";
import { useEveHitl } from "hitl-kit/adapters/eve";
import { type FormEvent, useState } from "react";

/**
 * Where the eve server is. Next inlines `NEXT_PUBLIC_*` variables at build time.
 * - Unset: the playground's eve server on this machine (`node playground/scripts/eve-server.mjs`
 *   listens on 127.0.0.1:3900; its channel allows cross-origin calls).
 * - Empty (`NEXT_PUBLIC_EVE_HOST=`): same origin, `/eve/v1/…` — through the `EVE_PROXY_TARGET`
 *   rewrite in next.config.ts, or `withEve()` from `eve/next` when the agent lives in this app.
 */
const EVE_HOST = process.env.NEXT_PUBLIC_EVE_HOST ?? "http://127.0.0.1:3900";

export function Chat() {
  const agent = useEveAgent({ host: EVE_HOST });
  // The kit's view of the same session: requests from `agent.events`, answers via `agent.respond()`.
  const transport = useEveHitl(agent);
  const [draft, setDraft] = useState("");

  const busy = agent.status === "submitted" || agent.status === "streaming";
  const resuming = agent.status === "resuming";
  const messages = agent.data.messages;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    if (text.length === 0 || resuming) return;
    setDraft("");
    // A message typed while a picker is open answers (or cancels) the oldest open request on
    // eve's side; the kit then shows that request as settled instead of leaving it spinning.
    void agent.send(text, busy ? { turnPolicy: "steer" } : undefined);
  };

  return (
    <HitlProvider transport={transport}>
      <section className="chat" aria-label="Chat with the agent">
        <header className="chat-header">
          <span>
            eve: <code>{EVE_HOST || "same origin"}</code> · <span data-status={agent.status}>{agent.status}</span>
          </span>
          <button type="button" onClick={() => agent.reset()} disabled={messages.length === 0}>
            New chat
          </button>
        </header>

        <ol className="messages" aria-label="Messages">
          {messages.length === 0 && (
            <li className="message message-hint">
              Say “pick media”, “pick template”, “pick aspect ratio”, “pick tags”, “fill form” or “delete file” to the
              playground agent.
            </li>
          )}
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>

        {/* Every open request of the session, oldest first (the one eve answers when a person types a
            reply), then the receipts of those answered on this page. */}
        <HitlRenderer className="chat-requests" />

        {agent.error && (
          <p className="chat-error" role="alert">
            {agent.error.message}
          </p>
        )}

        <form className="composer" onSubmit={send}>
          <label className="visually-hidden" htmlFor="composer-input">
            Message
          </label>
          <input
            id="composer-input"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            placeholder="Message the agent…"
            autoComplete="off"
            disabled={resuming}
          />
          <button type="submit" disabled={resuming || draft.trim().length === 0}>
            Send
          </button>
        </form>
      </section>
    </HitlProvider>
  );
}

function Message({ message }: { message: EveMessage }) {
  return (
    <li className={`message message-${message.role}`}>
      <span className="message-role">{message.role === "user" ? "You" : "Agent"}</span>
      {message.parts.map((part, index) => {
        const key = ("id" in part && part.id) || `${message.id}:${index}`;
        if (part.type === "text") return <p key={key}>{part.text}</p>;
        if (part.type === "dynamic-tool") {
          // The widget itself is in the request tray below; the message just shows the call.
          return (
            <p key={key} className="message-tool" data-state={part.state}>
              {part.toolMetadata?.eve?.label ?? part.toolName} · {toolStateLabel(part.state)}
            </p>
          );
        }
        return null;
      })}
    </li>
  );
}

function toolStateLabel(state: string): string {
  switch (state) {
    case "input-streaming":
    case "input-available":
      return "running";
    case "approval-requested":
      return "waiting for you";
    case "approval-responded":
      return "answered";
    case "output-available":
      return "done";
    case "output-error":
      return "failed";
    case "output-denied":
      return "denied";
    default:
      return state;
  }
}
