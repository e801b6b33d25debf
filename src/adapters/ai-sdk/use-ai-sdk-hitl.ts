"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { type AiSdkChatLike, type AiSdkHitlOptions, type AiSdkHitlTransport, createAiSdkTransport } from "./transport";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The kit over the AI SDK's `useChat()` (`@ai-sdk/react` 4):
 *
 *   const chat = useChat({ transport: new DefaultChatTransport({ api: "/api/chat" }),
 *                          sendAutomaticallyWhen: continueAfterAnswers });
 *   const hitl = useAiSdkHitl(chat);
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *   // the chat box: hitl.sendMessage({ text }) — answers a waiting picker first
 *
 * Picker tool calls (no `execute`, input `{ prompt, ui }`) and tool approvals render as widgets;
 * each gets exactly one result through `addToolOutput` / `addToolApprovalResponse`.
 */
export function useAiSdkHitl(chat: AiSdkChatLike, options: AiSdkHitlOptions = {}): AiSdkHitlTransport {
  const onProblemRef = useRef(options.onProblem);
  onProblemRef.current = options.onProblem;
  // One transport per chat id: the messages already there are fed at creation, so the first
  // render (server or client) shows the requests and hydration matches.
  const [transport, setTransport] = useState(() => create(chat, onProblemRef));
  let active = transport;
  if (transport.sessionKey !== `ai-sdk:${chat.id}`) {
    active = create(chat, onProblemRef);
    setTransport(active);
  }
  useIsomorphicLayoutEffect(() => {
    active.sync(chat);
  });
  return active;
}

function create(chat: AiSdkChatLike, onProblemRef: { current: AiSdkHitlOptions["onProblem"] }): AiSdkHitlTransport {
  return createAiSdkTransport(chat, { onProblem: (problem) => onProblemRef.current?.(problem) });
}
