/**
 * The child process `test/support/langgraph-server.ts` starts: the LangGraph API server's own
 * `startServer` (what `langgraph dev` runs, in memory), with the payload `langgraph dev` would
 * pass as the last argument. Tells the parent where it listens over IPC.
 */
import { startServer } from "@langchain/langgraph-api/server";

const options = JSON.parse(process.argv.at(-1) ?? "{}");
const { host, cleanup } = await startServer(options);
process.send?.({ type: "ready", host });
process.on("message", (message: { type?: string }) => {
  if (message?.type !== "stop") return;
  void cleanup().finally(() => process.exit(0));
});
process.on("disconnect", () => {
  void cleanup().finally(() => process.exit(0));
});
