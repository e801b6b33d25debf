import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, getToolName, isToolUIPart, type UIMessage } from "ai";
import { HitlProvider, HitlRenderer, useHitlClient } from "hitl-kit";
import { useAiSdkHitl } from "hitl-kit/adapters/ai-sdk";
import { continueAfterAnswers } from "hitl-kit/adapters/ai-sdk/transport";
import { useEffect, useState } from "react";
import { Composer } from "./composer";
import { collections } from "./library";
import { registry } from "./registry";

const STORAGE_KEY = "hitl-playground:ai-sdk-chat";

/** This tab's conversation, saved on every change (a reload picks it up, as a persisting app would). */
function loadMessages(): UIMessage[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? (saved as UIMessage[]) : [];
  } catch {
    return [];
  }
}

/**
 * The same widgets and kinds as the eve page, on the AI SDK's `useChat`: `/api/chat` is the
 * playground's route (`playground/ai-sdk/route.ts`: real `streamText`, scripted test model, the
 * kit's picker tools and an approval-gated `delete_file`). The chat box sends through the kit's
 * client (`client.sendMessage`), so a picker still waiting gets its one "replied in chat" result
 * first, through the same gate and cross-tab claim as a widget's answer.
 */
export function AiSdkApp() {
  const [initial] = useState(loadMessages);
  const [transport] = useState(() => new DefaultChatTransport({ api: "/api/chat" }));
  const chat = useChat({
    id: "playground",
    messages: initial,
    transport,
    sendAutomaticallyWhen: continueAfterAnswers,
  });
  const hitl = useAiSdkHitl(chat);
  const busy = chat.status === "submitted" || chat.status === "streaming";

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(chat.messages));
  }, [chat.messages]);

  return (
    <HitlProvider transport={hitl} registry={registry} collections={collections}>
      <div className="app">
        <header className="app-header">
          <h1>hitl-kit · AI SDK useChat</h1>
          <div className="app-header-actions">
            <a className="button" href="/">
              eve chat
            </a>
            <button
              type="button"
              className="button"
              onClick={() => {
                sessionStorage.removeItem(STORAGE_KEY);
                chat.setMessages([]);
              }}
            >
              New chat
            </button>
          </div>
        </header>
        <main className="layout" data-status={chat.status}>
          <section className="chat" aria-labelledby="ai-chat-title">
            <h2 id="ai-chat-title" className="visually-hidden">
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
                <article
                  key={message.id}
                  className={message.role === "user" ? "message message-user" : "message message-assistant"}
                  data-testid={message.role === "user" ? "message-user" : "message-assistant"}
                >
                  <p className="message-author">{message.role === "user" ? "You" : "Model"}</p>
                  {message.parts.map((part, index) => {
                    const key = isToolUIPart(part) ? part.toolCallId : `${part.type}:${index}`;
                    if (part.type === "text")
                      return (
                        <p key={key} className="message-text">
                          {part.text}
                        </p>
                      );
                    if (isToolUIPart(part)) {
                      return (
                        <p key={key} className="tool-line" data-testid="tool-line" data-state={part.state}>
                          {getToolName(part)}: {part.state}
                        </p>
                      );
                    }
                    return null;
                  })}
                </article>
              ))}
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

/** The chat box, sending through the provider's client. */
function KitComposer({ busy }: { busy: boolean }) {
  const client = useHitlClient();
  return (
    <Composer
      to="the model"
      disabled={busy}
      activity={busy ? "The model is working…" : ""}
      error={undefined}
      onSend={(text) => client.sendMessage({ text })}
    />
  );
}
