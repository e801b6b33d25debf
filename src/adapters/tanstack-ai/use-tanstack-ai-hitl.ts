"use client";
import { useTransport } from "../../react/use-transport";
import { createTanStackAiTransport, type TanStackAiHitlOptions, type TanStackChatLike } from "./transport";

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
  // One transport per client (useChat makes a new one, with a new `addToolResult`, per thread);
  // it reads the state already there at creation, so the first render shows the requests.
  return useTransport(
    chat.addToolResult,
    options,
    (latest) =>
      createTanStackAiTransport(chat, {
        ...latest.current,
        onProblem: (problem) => latest.current.onProblem?.(problem),
      }),
    (transport) => transport.sync(chat),
  );
}
