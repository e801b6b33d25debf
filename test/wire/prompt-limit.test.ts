import { describe, expect, it } from "vitest";
import { requestFromInterrupt } from "../../src/adapters/langgraph/convert";
import { parkMastraCall } from "../../src/adapters/mastra/convert";
import { parkElicitation } from "../../src/adapters/mcp/convert";
import { toElicitResult } from "../../src/adapters/mcp/encode";
import { parkTanStackInterrupt } from "../../src/adapters/tanstack-ai/interrupts";
import { MAX_REASON_LENGTH } from "../../src/core/answer";
import { MAX_PROMPT_LENGTH } from "../../src/kinds";
import { mediaKind } from "../../src/kinds/media";
import { claudePermissionRequest } from "../../src/server/claude-agent";
import { pickerInputSchema } from "../../src/server/picker";
import { parkInterrupt } from "../../src/wire/interrupts";

/*
 * A request's prompt is held to one limit, `MAX_PROMPT_LENGTH`, however it arrives: a picker tool
 * refuses a longer one (the model hears why and can ask again), every adapter that reads a
 * prompt from someone else's wire cuts it there (what it cannot refuse, it bounds).
 */
const long = "Which one? ".repeat(1_000); // 11,000 characters

describe("a request's prompt, from every way it arrives", () => {
  it("given a picker tool's input over the limit, should refuse it and take one at the limit", () => {
    const schema = pickerInputSchema(mediaKind);
    const ui = { kind: "media", items: [{ id: "a", url: "https://example.com/a.png" }] };
    expect(schema.safeParse({ prompt: long, ui }).success).toBe(false);
    expect(schema.safeParse({ prompt: "x".repeat(MAX_PROMPT_LENGTH), ui }).success).toBe(true);
  });

  const cut: [string, () => string | undefined][] = [
    [
      "a LangGraph interrupt",
      () =>
        requestFromInterrupt({
          id: "i1",
          value: { prompt: long },
          node: "ask",
          taskId: undefined,
          namespace: "",
          checkpointId: undefined,
        }).prompt,
    ],
    [
      "an MCP elicitation",
      () => parkElicitation("r1", { message: long, requestedSchema: {} }, new Set(), {}).request.prompt,
    ],
    [
      "a Mastra suspension",
      () =>
        parkMastraCall({
          runId: "run",
          toolCallId: "call",
          toolName: "ask",
          args: {},
          type: "suspension",
          suspendPayload: { prompt: long },
        }).request.prompt,
    ],
    ["an AG-UI interrupt", () => parkInterrupt({ id: "i2", reason: "ask", message: long })?.request.prompt],
    [
      "a TanStack AI interrupt carrying the kit's payload",
      () =>
        parkTanStackInterrupt({
          id: "i3",
          interruptId: "i3",
          kind: "generic",
          reason: "ask",
          message: "Who?",
          status: "pending",
          canResolve: true,
          metadata: { "tanstack:interruptPayload": { prompt: long, ui: { kind: "question", options: [] } } },
        })?.request.prompt,
    ],
    [
      "a Claude Agent SDK permission prompt",
      () =>
        claudePermissionRequest("Bash", { command: "ls" }, { toolUseID: "t1", decisionReason: long }).request.prompt,
    ],
  ];
  for (const [where, promptOf] of cut) {
    it(`given ${where} with a prompt over the limit, should cut it to the limit`, () => {
      const prompt = promptOf();
      expect(prompt).toHaveLength(MAX_PROMPT_LENGTH);
      // Cut, not replaced: what the asker wrote is what the person reads, up to the limit.
      expect(prompt).toMatch(/(Which one\? ){100}/);
    });
  }

  it("given a reply in the person's own words to an MCP elicitation, should decline with it cut to the reason limit", () => {
    const parked = parkElicitation("r2", { message: "Name?", requestedSchema: {} }, new Set(), {});
    const text = "no ".repeat(5_000);
    const encoded = toElicitResult(
      { requestId: "r2", kind: parked.request.kind, answer: { type: "reply", text }, request: parked.request },
      parked.ok ? parked.pending : ({} as never),
    );
    expect(encoded.ok && encoded.value.action).toBe("decline");
    const said = encoded.ok ? Object.values(encoded.value._meta ?? {})[0] : undefined;
    expect(said).toBe(text.slice(0, MAX_REASON_LENGTH));
  });
});
