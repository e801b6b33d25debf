"use client";
export {
  type LangGraphHitlOptions,
  type LangGraphStreamLike,
  type LangGraphSubmitOptions,
  streamInterrupts,
  submitThrough,
} from "./stream-client";
/**
 * hitl-kit/adapters/langgraph — LangGraph (`@langchain/langgraph` interrupts on a LangGraph API
 * server, through `@langchain/langgraph-sdk`): each interrupt the thread waits on as a widget,
 * one resume per interrupt; LangChain's HITL middleware review as one approval per action. The
 * hooks: `useLangGraphHitl` over `useStream` (`@langchain/langgraph-sdk/react`) and
 * `useLangGraphStreamHitl` over `@langchain/react`'s. Without React:
 * `hitl-kit/adapters/langgraph/transport`. The graph's half is `interruptFor`/`readResume` in
 * `hitl-kit/server`.
 */
export * from "./transport";
export { useLangGraphHitl } from "./use-langgraph-hitl";
