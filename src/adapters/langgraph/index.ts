"use client";
/**
 * hitl-kit/adapters/langgraph — LangGraph (`@langchain/langgraph` interrupts on a LangGraph API
 * server, through `@langchain/langgraph-sdk`): each interrupt the thread waits on as a widget, one
 * resume per interrupt; LangChain's HITL middleware review as one approval per action. The hooks:
 * `useLangGraphHitl` over `useStream` (`@langchain/langgraph-sdk/react`) and
 * `useLangChainReactHitl` over `@langchain/react`'s (v1). Each name comes from one entry: the
 * transport and its codecs, without React, from `hitl-kit/adapters/langgraph/transport`; the
 * graph's half (`interruptFor`, `readResume`) from `hitl-kit/server`.
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
export { useLangChainReactHitl } from "./use-langchain-react-hitl";
export { useLangGraphHitl } from "./use-langgraph-hitl";
export type { StreamHitlOptions } from "./use-stream-transport";
