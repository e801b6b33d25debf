"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createTanStackAiTransport, type TanStackAiHitlOptions, type TanStackChatLike } from "./transport";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The kit over TanStack AI's `useChat()` (`@tanstack/ai-react`):
 *
 *   const chat = useChat({ connection: fetchServerSentEvents("/api/chat"), threadId });
 *   const hitl = useTanStackAiHitl(chat, { threadId });
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *
 * Picker tool calls, tool approvals and generic interrupts render as widgets; each gets exactly
 * one result, and the client resumes the run once every interrupt of it has its answer.
 */
export function useTanStackAiHitl(chat: TanStackChatLike, options: TanStackAiHitlOptions = {}) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // One transport per client (useChat makes a new one, with a new `addToolResult`, per thread);
  // it reads the state already there at creation, so the first render shows the requests.
  const create = () => {
    const onProblem: TanStackAiHitlOptions["onProblem"] = (problem) => optionsRef.current.onProblem?.(problem);
    return {
      key: chat.addToolResult,
      transport: createTanStackAiTransport(chat, { ...optionsRef.current, onProblem }),
    };
  };
  const [state, setState] = useState(create);
  const active = state.key === chat.addToolResult ? state : create();
  if (active !== state) setState(active);
  useIsomorphicLayoutEffect(() => active.transport.sync(chat));
  return active.transport;
}
