// @vitest-environment node
import { MastraClient } from "@mastra/client-js";
import { describe, it } from "vitest";
import { createMastraTransport } from "../../src/adapters/mastra/transport";
import {
  type ConformanceConnection,
  type ConformanceFailure,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import { mastraServerPerFile } from "../support/mastra-server";

/**
 * The Mastra adapter through the conformance suite, on Mastra's own code: a real `@mastra/core`
 * agent behind `@mastra/hono`'s server (`test/support/mastra-server.ts`), each page a real
 * `@mastra/client-js` agent followed by `createMastraTransport`. The agent asks with a tool that
 * suspends with the kit's hint; what the server RECEIVED is every resume POST for the call, read
 * before Mastra sees it. Failures are injected in the page's `fetch` (the client's own option).
 */

const mastraServer = mastraServerPerFile();
let threads = 0;

const noPushToOthers =
  "a chat message to a Mastra agent is the app's own stream (`agent.stream`), not a reply the transport sends for a waiting call";

runTransportConformance(
  { describe, it },
  {
    name: "createMastraTransport over @mastra/client-js and a real Mastra server (@mastra/hono)",
    skip: {
      replyInTwoTabs: noPushToOthers,
      twoDevices:
        "no answer guard for a Mastra server: its own check (the call must still be suspended) is the one gate",
    },
    async createServer() {
      const mastra = mastraServer();
      const thread = `conformance-${++threads}`;
      let failure: ConformanceFailure | undefined;
      const pages: { transport: ReturnType<typeof createMastraTransport>; live: boolean }[] = [];
      const received = (requestId: string) =>
        mastra.answers.filter((a) => `${a.body.runId}::${a.body.toolCallId}` === requestId);

      /** Answer POSTs fail as told; the listing and everything else go through. */
      const pageFetch: typeof fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const answering = init?.method === "POST" && /(approve|decline)-tool-call$|resume-stream$/.test(url);
        const next = answering ? failure : undefined;
        if (next) failure = undefined;
        if (next?.type === "network-before") throw new TypeError("fetch failed (dropped before the server)");
        if (next?.type === "status") return new Response(JSON.stringify({ error: "refused" }), { status: next.status });
        const response = await fetch(input, init);
        if (next?.type === "network-after") {
          await response.body?.cancel();
          throw new TypeError("fetch failed (dropped after the server)");
        }
        return response;
      };
      const idle = async () => {
        for (let quiet = 0, i = 0; quiet < 3 && i < 500; i++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          quiet = mastra.inFlight() === 0 ? quiet + 1 : 0;
        }
        await Promise.all(pages.filter((p) => p.live).map((p) => p.transport.refresh()));
      };

      return {
        async ask(ids) {
          const { runId, toolCallIds } = await mastra.ask(`choose ${ids.join(",")}`, thread);
          const toolCallId = toolCallIds[0];
          if (toolCallId === undefined) throw new Error("the agent asked nothing");
          return { requestId: `${runId}::${toolCallId}`, callId: `${runId}::${toolCallId}` };
        },
        async connect(): Promise<ConformanceConnection> {
          const client = new MastraClient({ baseUrl: mastra.url, retries: 0, fetch: pageFetch });
          const agent = client.getAgent("hitl-agent");
          const transport = createMastraTransport(agent, { threadId: thread, pollIntervalMs: 50 });
          const page = { transport, live: true };
          pages.push(page);
          await transport.refresh();
          return {
            transport,
            // A replay is the listing read again: every waiting call delivered once more.
            replay: () => transport.refresh(),
            pause: () => {
              page.live = false;
              transport.close();
            },
            close: () => {
              page.live = false;
              transport.close();
            },
          };
        },
        received: (ref) =>
          received(ref.requestId).map((a) => fromToolOutput(a.body.resumeData) ?? { type: "dismissed" }),
        toolResults: (ref) => mastra.results.get(ref.requestId.split("::")[1] ?? "") ?? 0,
        strays: () => mastra.answers.filter((a) => a.route !== "resume").length,
        failNext(next) {
          failure = next;
        },
        async withdraw(ref) {
          // The agent's side gives up: the tool is resumed in process with a dismissal.
          const [runId, toolCallId] = ref.requestId.split("::") as [string, string];
          const output = await mastra.mastra
            .getAgent("hitlAgent")
            .resumeStream({ dismissed: true }, { runId, toolCallId, memory: { thread, resource: "tester" } });
          for await (const _ of output.fullStream);
        },
        idle,
      };
    },
  },
);
