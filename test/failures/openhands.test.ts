import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { createChatRoute } from "../../playground/ai-sdk/route";
import { createAiSdkConverter } from "../../src/adapters/ai-sdk/convert";
import { createHitlClient } from "../../src/core/client";
import { ACCEPTED, alwaysLive, createTransportEvents } from "../../src/core/transport";
import { mediaKind } from "../../src/kinds/media";
import { dedupeToolResults } from "../../src/server/ai-sdk";
import { checkTranscript } from "../../src/server/transcript";

/**
 * OpenHands: after a restart, one tool call id got two observations — an error (the run died
 * mid-call), then the real result — and the provider refused the history. Reproduced on the
 * history and a provider-strict model; prevented by `dedupeToolResults` on the way to the model,
 * and by the ledger, which never settles a request twice however often the stream replays (for
 * eve's recorded streams, see the replay properties in `test/core/ledger.property.test.ts`).
 */

const call = { type: "tool-call" as const, toolCallId: "call-1", toolName: "pick_media", input: {} };
const errorResult = {
  type: "tool-result" as const,
  toolCallId: "call-1",
  toolName: "pick_media",
  output: { type: "error-text" as const, value: "Agent restarted while waiting" },
};
const realResult = {
  type: "tool-result" as const,
  toolCallId: "call-1",
  toolName: "pick_media",
  output: { type: "json" as const, value: { selected: ["alpine-lake"] } },
};
const restartedHistory: LanguageModelV4Prompt = [
  { role: "user", content: [{ type: "text", text: "pick media" }] },
  { role: "assistant", content: [call] },
  { role: "tool", content: [errorResult] },
  { role: "tool", content: [realResult] },
];

async function promptModel(prompt: LanguageModelV4Prompt) {
  const { model } = createChatRoute();
  return model.doStream({ prompt } as Parameters<typeof model.doStream>[0]);
}

describe("openhands: two observations for one tool call after a restart", () => {
  it("given the restarted history (no kit), should be refused by a provider-strict model", async () => {
    expect(checkTranscript(restartedHistory)).toEqual([{ type: "duplicate-result", toolCallId: "call-1" }]);
    await expect(promptModel(restartedHistory)).rejects.toThrow(/tool_result/);
  });

  it("given dedupeToolResults, should keep the real result and the model should accept the history", async () => {
    const repaired = dedupeToolResults(restartedHistory);
    expect(repaired).toEqual([restartedHistory[0], restartedHistory[1], restartedHistory[3]]);
    await expect(promptModel(repaired)).resolves.toHaveProperty("stream");
  });

  it("given the AI SDK messages of the restart, replayed again and again, should settle the request once, with the real result, and send nothing", async () => {
    const part = (extra: Record<string, unknown>) => ({
      id: "m1",
      role: "assistant",
      parts: [
        {
          type: "tool-pick_media",
          toolCallId: "call-1",
          input: { prompt: "Pick", ui: { kind: "media", items: [{ id: "alpine-lake", url: "/a.png" }] } },
          ...extra,
        },
      ],
    });
    const events = createTransportEvents();
    const sent: unknown[] = [];
    const client = createHitlClient({
      transport: {
        sessionKey: "s",
        connection: alwaysLive,
        connect: events.connect,
        send: async (a) => {
          sent.push(a);
          return ACCEPTED;
        },
      },
      kinds: [mediaKind],
    });
    client.mount();
    const lists = [
      [part({ state: "input-available" })],
      [part({ state: "output-error", errorText: "Agent restarted while waiting" })],
      [part({ state: "output-available", output: { selected: ["alpine-lake"] } })],
    ];
    for (let round = 0; round < 3; round++) {
      const convert = createAiSdkConverter();
      for (const list of lists) {
        events.deliver(convert(list));
      }
    }
    expect(client.getRequest("call-1")).toMatchObject({
      state: "settled",
      outcome: "answered",
      resolution: { type: "value", value: { selected: ["alpine-lake"] } },
    });
    // Settled is final: a late click sends nothing.
    client.answer("call-1", { type: "value", value: { selected: ["alpine-lake"] } });
    await client.whenIdle();
    expect(sent).toEqual([]);
  });
});
