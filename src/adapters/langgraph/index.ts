/**
 * hitl-kit/adapters/langgraph — LangGraph (`@langchain/langgraph` interrupts on a LangGraph API
 * server, through `@langchain/langgraph-sdk`): each interrupt the thread waits on as a widget,
 * one resume per interrupt. React-free; the graph's half is `interruptFor`/`readResume` in
 * `hitl-kit/server`.
 */
export * from "./transport";
