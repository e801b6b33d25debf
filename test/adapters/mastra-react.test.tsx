import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { MastraAgentLike, MastraStreamResponse } from "../../src/adapters/mastra/transport";
import { useMastraHitl } from "../../src/adapters/mastra/use-mastra-hitl";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";

afterEach(cleanup);

/** An agent whose listing is what the test says, counting the reads (the hook's poll). */
function agentWith(runs: () => unknown[]) {
  let reads = 0;
  const stream: MastraStreamResponse = { processDataStream: async () => {} };
  const agent: MastraAgentLike = {
    listSuspendedRuns: async () => {
      reads += 1;
      return { runs: runs() };
    },
    approveToolCall: async () => stream,
    declineToolCall: async () => stream,
    resumeStream: async () => stream,
  };
  return { agent, reads: () => reads };
}

function Page({ agent }: { agent: MastraAgentLike }) {
  const hitl = useMastraHitl(agent, { threadId: "t", pollIntervalMs: 20 });
  return (
    <HitlProvider transport={hitl} journal={noopJournal}>
      <HitlRenderer />
    </HitlProvider>
  );
}

describe("useMastraHitl", () => {
  it("given StrictMode's mount → unmount → mount, should keep following the thread: a call that starts waiting later shows", async () => {
    let waiting: unknown[] = [];
    const { agent, reads } = agentWith(() => waiting);
    render(
      <StrictMode>
        <Page agent={agent} />
      </StrictMode>,
    );
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    await act(async () => {
      waiting = [
        {
          runId: "r",
          toolCalls: [{ toolCallId: "c", toolName: "delete_file", args: { path: "a" }, requiresApproval: true }],
        },
      ];
    });
    expect(await screen.findByRole("button", { name: "Approve" })).toBeTruthy();
  });
});
