// @vitest-environment node
/**
 * The playground agent's scripted model, without a server: every payload it sends is valid for its
 * kind (eve rejects a tool call whose input fails the tool's schema, so an invalid payload would
 * never reach a person), and it decides from the prompt alone.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import {
  aspectRatioPayload,
  brokenPayload,
  formPayload,
  libraryPayload,
  MEDIA,
  mediaPayload,
  tagsPayload,
  templatePayload,
  voicePayload,
} from "../../playground/agent/agent/lib/payloads";
import {
  decide,
  HELP_TEXT,
  scriptedModel,
  streamParts,
  TRIGGERS,
} from "../../playground/agent/agent/lib/scripted-model";
import { voiceKind } from "../../playground/shared/voice-kind";
import { parseRequest } from "../../src/core";
import { isSafeMediaUrl } from "../../src/core/url";
import { type AnyKind, aspectRatioKind, formKind, mediaKind, multiSelectKind, templateKind } from "../../src/kinds";
import { pickerInputSchema } from "../../src/server";

const publicDir = resolve(__dirname, "../../playground/public");

function userPrompt(text: string, earlier: LanguageModelV4Prompt = []): LanguageModelV4Prompt {
  return [{ role: "system", content: "sys" }, ...earlier, { role: "user", content: [{ type: "text", text }] }];
}

describe("the scripted model's payloads", () => {
  it.each([
    ["media", mediaKind, mediaPayload],
    ["library (media from a source)", mediaKind, libraryPayload],
    ["template", templateKind, templatePayload],
    ["aspect-ratio", aspectRatioKind, aspectRatioPayload],
    ["multi-select", multiSelectKind, tagsPayload],
    ["form", formKind, formPayload],
    ["voice", voiceKind, voicePayload],
  ] as const)("given the %s payload, should pass the picker tool's input schema", (_name, kind, payload) => {
    const input = payload();
    const parsed = pickerInputSchema(kind).safeParse(input);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect((kind as AnyKind).request.safeParse(input.ui).success).toBe(true);
  });

  it("given the media payload, should offer 24 same-origin images that exist in playground/public", () => {
    const { ui } = mediaPayload();
    expect(ui.items).toHaveLength(24);
    expect(new Set(ui.items.map((item) => item.id)).size).toBe(24);
    for (const item of ui.items) {
      expect(item.url).toMatch(/^\/media\/[a-z-]+\.svg$/);
      expect(isSafeMediaUrl(item.url)).toBe(true);
      expect(existsSync(join(publicDir, item.url))).toBe(true);
    }
    expect(MEDIA).toHaveLength(24);
  });

  it("given the voice payload, should point every sample at a clip under 100 KB in playground/public", () => {
    for (const voice of voicePayload().ui.voices) {
      const file = join(publicDir, voice.sampleUrl);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).length).toBeLessThan(100 * 1024);
    }
  });

  it("given the tags payload, should have about 20 options in 3 groups, one disabled, min 1 max 5", () => {
    const { ui } = tagsPayload();
    expect(ui.options.length).toBeGreaterThanOrEqual(18);
    expect(new Set(ui.options.map((option) => option.group)).size).toBe(3);
    expect(ui.options.filter((option) => "disabled" in option && option.disabled)).toHaveLength(1);
    expect([ui.min, ui.max]).toEqual([1, 5]);
  });

  it("given the form payload, should cover every common field type", () => {
    const types = new Set(formPayload().ui.fields.map((field) => field.type));
    for (const type of ["text", "email", "number", "date", "select", "multiselect", "checkbox", "textarea"]) {
      expect(types).toContain(type);
    }
  });

  it("given the broken payload, should fail the media kind's request schema (it feeds the fallback)", () => {
    expect(parseRequest(mediaKind, brokenPayload().ui).ok).toBe(false);
  });
});

describe("decide", () => {
  it.each(TRIGGERS.map((trigger) => [trigger.phrase, trigger.toolName]))(
    'given a user message containing "%s", should call %s',
    (phrase, toolName) => {
      const decision = decide(userPrompt(`Please ${phrase.toUpperCase()} for me [n1]`));
      expect(decision).toMatchObject({ type: "tool-call", toolName });
    },
  );

  it('given "clean up drafts", should make two delete_file calls in one step (parallel tool calls), each its own id', () => {
    const parts = streamParts(decide(userPrompt("clean up drafts [p1]")));
    const calls = parts.flatMap((part) => (part.type === "tool-call" ? [part] : []));
    expect(calls.map((call) => [call.toolName, JSON.parse(call.input)])).toEqual([
      ["delete_file", { path: "drafts/intro-v1.md" }],
      ["delete_file", { path: "drafts/intro-v2.md" }],
    ]);
    expect(new Set(calls.map((call) => call.toolCallId)).size).toBe(2);
    expect(streamParts(decide(userPrompt("clean up drafts [p1]")))).toEqual(parts);
  });

  it("given the same prompt twice, should return the same tool call id (durable replays)", () => {
    expect(decide(userPrompt("pick media [a]"))).toEqual(decide(userPrompt("pick media [a]")));
  });

  it("given a different text or a later position in the conversation, should use a new tool call id", () => {
    const first = decide(userPrompt("pick media [a]"));
    const otherText = decide(userPrompt("pick media [b]"));
    const later = decide(
      userPrompt("pick media [a]", [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "text", text: "hello" }] },
      ]),
    );
    const ids = [first, otherText, later].map((decision) => (decision.type === "tool-call" ? decision.toolCallId : ""));
    expect(new Set(ids).size).toBe(3);
  });

  it("given a tool message last, should reply with text quoting the structured results", () => {
    const output = { type: "json" as const, value: { status: "answered", value: { selected: ["a"] } } };
    const decision = decide([
      ...userPrompt("pick media"),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "call_1", toolName: "pick_media", input: {} }],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "pick_media", output }] },
    ]);
    expect(decision).toEqual({
      type: "text",
      text: `Done. Tool results: ${JSON.stringify([{ id: "call_1", tool: "pick_media", output }])}`,
    });
  });

  it("given a message without a trigger, should reply with the help text", () => {
    expect(decide(userPrompt("hello"))).toEqual({ type: "text", text: HELP_TEXT });
    for (const trigger of TRIGGERS) expect(HELP_TEXT).toContain(trigger.phrase);
  });
});

describe("scriptedModel", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "hitl-model-"));
    vi.stubEnv("HITL_PROMPT_LOG", join(dir, "nested", "prompts.ndjson"));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it("given a prompt, should stream one tool call and log the prompt as one JSON line", async () => {
    const prompt = userPrompt("pick voice [x]");
    const { stream } = await scriptedModel().doStream({ prompt });
    const parts: LanguageModelV4StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    expect(parts.map((part) => part.type)).toEqual([
      "stream-start",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const call = parts.find((part) => part.type === "tool-call");
    expect(call && JSON.parse(call.input)).toEqual(voicePayload());

    const lines = readFileSync(join(dir, "nested", "prompts.ndjson"), "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toEqual({ at: expect.any(String), prompt });
  });
});
