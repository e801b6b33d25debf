import { Chat, useChat } from "@ai-sdk/react";
import {
  AssistantRuntimeProvider,
  AuiIf,
  ComposerPrimitive,
  MessagePrimitive,
  ThreadPrimitive,
} from "@assistant-ui/react";
import { AssistantChatTransport, useAISDKRuntime } from "@assistant-ui/react-ai-sdk";
import type { UIMessage } from "ai";
import { HitlProvider } from "hitl-kit";
import { continueAfterAnswers } from "hitl-kit/adapters/ai-sdk/transport";
import { HitlToolUIs, useAssistantUiHitl } from "hitl-kit/adapters/assistant-ui";
import { type ReactNode, useEffect, useState } from "react";
import { collections } from "./library";
import { registry, TRIGGER_PHRASES } from "./registry";

const STORAGE_KEY = "hitl-playground:assistant-ui-chat";

/** The route's tools the kit answers: every picker, and `delete_file` (behind `toolApproval`). */
const HITL_TOOLS = [
  "pick_media",
  "pick_template",
  "pick_aspect_ratio",
  "pick_tags",
  "fill_form",
  "pick_voice",
  "pick_broken",
  "delete_file",
];

/** The AI SDK route has no `ask_region` (eve's own question). */
const PHRASES = TRIGGER_PHRASES.filter((phrase) => phrase !== "ask region");

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
 * The AI SDK page's route and widgets inside assistant-ui: its runtime over the page's `useChat`
 * of a `Chat` the page owns (`useAISDKRuntime`; `useChatRuntime` keeps its threads in memory
 * unless given assistant-ui's cloud, so a reload would lose them), a thread of assistant-ui's primitives, and the kit's
 * widgets as the picker tools' tool UIs (`HitlToolUIs`). Each answer goes out once, through the
 * kit's gate; the phrases are assistant-ui suggestions, sent through its runtime.
 */
export function AssistantUiApp() {
  // How many results and approval responses reached the chat since the page loaded (one per
  // answer; the AI SDK folds a repeated one into the request already on its way, so the route
  // cannot tell): on `<main data-results-sent>`, for the end-to-end tests.
  const [resultsSent, setResultsSent] = useState(0);
  const [instance] = useState(() => {
    const created = new Chat({
      id: "assistant-ui-playground",
      messages: loadMessages(),
      transport: new AssistantChatTransport({ api: "/api/assistant-ui/chat" }),
      sendAutomaticallyWhen: continueAfterAnswers,
    });
    const { addToolOutput, addToolApprovalResponse } = created;
    created.addToolOutput = (options) => {
      setResultsSent((count) => count + 1);
      return addToolOutput(options);
    };
    created.addToolApprovalResponse = (options) => {
      setResultsSent((count) => count + 1);
      return addToolApprovalResponse(options);
    };
    return created;
  });
  const chat = useChat({ chat: instance });
  const runtime = useAISDKRuntime(chat);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(chat.messages));
  }, [chat.messages]);

  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Hitl>
        <div className="app">
          <header className="app-header">
            <h1>hitl-kit · assistant-ui</h1>
            <div className="app-header-actions">
              <a className="button" href="/ai-sdk.html">
                AI SDK page
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
          <main className="layout layout-single" data-status={chat.status} data-results-sent={resultsSent}>
            {chat.error && (
              <div className="banner" role="alert">
                <p>Something went wrong talking to the model: {chat.error.message}</p>
              </div>
            )}
            <Thread busy={chat.status === "submitted" || chat.status === "streaming"} />
          </main>
        </div>
      </Hitl>
    </AssistantRuntimeProvider>
  );
}

/** Under the runtime's provider: the kit's transport for its chat, the provider, the tool UIs. */
function Hitl({ children }: { children: ReactNode }) {
  const hitl = useAssistantUiHitl();
  return (
    <HitlProvider transport={hitl} registry={registry} collections={collections}>
      <HitlToolUIs toolNames={HITL_TOOLS} />
      {children}
    </HitlProvider>
  );
}

function Thread({ busy }: { busy: boolean }) {
  return (
    <ThreadPrimitive.Root asChild>
      <section className="chat" aria-labelledby="aui-chat-title">
        <h2 id="aui-chat-title" className="visually-hidden">
          Conversation
        </h2>
        <ThreadPrimitive.Viewport
          className="log"
          role="log"
          aria-live="polite"
          aria-label="Messages"
          data-testid="message-log"
        >
          <AuiIf condition={(state) => state.thread.isEmpty}>
            <p className="log-empty">Say one of the phrases below and the model will ask you something.</p>
          </AuiIf>
          <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
        </ThreadPrimitive.Viewport>
        <ComposerPrimitive.Root className="composer" aria-label="Message the model">
          <div className="composer-row">
            <ComposerPrimitive.Input
              data-testid="composer"
              className="composer-input"
              rows={2}
              aria-label="Message"
              placeholder="Message the model… (try a phrase below)"
            />
            <ComposerPrimitive.Send data-testid="send" className="button button-primary">
              Send
            </ComposerPrimitive.Send>
          </div>
          <p className="composer-hint">
            <span>Enter sends, Shift+Enter adds a line.</span>
            <span role="status" className="composer-activity">
              {busy ? "The model is working…" : ""}
            </span>
          </p>
        </ComposerPrimitive.Root>
        <ul className="chips" aria-label="Try a phrase">
          {PHRASES.map((phrase) => (
            <li key={phrase}>
              <ThreadPrimitive.Suggestion
                prompt={phrase}
                send
                className="chip"
                data-testid="trigger-chip"
                data-phrase={phrase}
              >
                {phrase}
              </ThreadPrimitive.Suggestion>
            </li>
          ))}
        </ul>
      </section>
    </ThreadPrimitive.Root>
  );
}

function UserMessage() {
  return (
    <MessagePrimitive.Root className="message message-user" data-testid="message-user">
      <p className="message-author">You</p>
      <MessagePrimitive.Parts components={{ Text: ({ text }) => <p className="message-text">{text}</p> }} />
    </MessagePrimitive.Root>
  );
}

function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="message message-assistant" data-testid="message-assistant">
      <p className="message-author">Model</p>
      {/* Picker calls render through the tool UIs registered above (the kit's widget, then its receipt). */}
      <MessagePrimitive.Parts components={{ Text: ({ text }) => <p className="message-text">{text}</p> }} />
    </MessagePrimitive.Root>
  );
}
