/**
 * The child process `server.mjs` starts: the LangGraph API server's own `startServer` (what
 * `langgraph dev` runs, in memory), with the payload `langgraph dev` would pass as the last
 * argument. Tells the parent where it listens over IPC; stops on "stop" or when the parent goes.
 */
import { startServer } from "@langchain/langgraph-api/server";

const options = JSON.parse(process.argv.at(-1) ?? "{}");
const { host, cleanup } = await startServer(options);
process.send?.({ type: "ready", host });
const stop = () => void cleanup().finally(() => process.exit(0));
process.on("message", (message) => {
  if (message?.type === "stop") stop();
});
process.on("disconnect", stop);
