"use client";
/**
 * hitl-kit/adapters/langgraph — LangGraph (`@langchain/langgraph` interrupts on a LangGraph API
 * server, through `@langchain/langgraph-sdk`): each interrupt the thread waits on as a widget,
 * one resume per interrupt; LangChain's HITL middleware review as one approval per action. The
 * hooks: `useLangGraphHitl` over `useStream` (`@langchain/langgraph-sdk/react`) and
 * `useLangChainReactHitl` over `@langchain/react`'s (v1). Without React:
 * `hitl-kit/adapters/langgraph/transport`. The graph's half is `interruptFor`/`readResume` in
 * `hitl-kit/server`.
 */
export { type LangChainReactStreamLike, respondThrough } from "./react-stream-client";
export {
  type LangGraphHitlOptions,
  type LangGraphStreamLike,
  type LangGraphSubmitOptions,
  resumeThrough,
  type StreamView,
  streamInterrupts,
  submitThrough,
} from "./stream-client";
export * from "./transport";
export { useLangChainReactHitl } from "./use-langchain-react-hitl";
export { useLangGraphHitl } from "./use-langgraph-hitl";
export type { StreamHitlOptions } from "./use-stream-transport";
