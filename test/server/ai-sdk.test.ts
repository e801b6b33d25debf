import { z } from "zod";
import { aspectRatioKind, formKind, mediaKind, multiSelectKind, templateKind } from "../../src/kinds/index";
import { dedupeToolResults, pickerOutputSchema, pickerTool, readToolOutput } from "../../src/server/ai-sdk";
import { pickerToolDefinition } from "../../src/server/picker";
import { checkTranscript } from "../../src/server/transcript";

const request = mediaKind.request.parse({
  kind: "media",
  items: [
    { id: "a", url: "/a.png" },
    { id: "b", url: "/b.png" },
  ],
});

describe("pickerTool", () => {
  it("given a kind, should type the input the model writes and the result it reads with that kind", () => {
    const tool = pickerTool(mediaKind, { description: "Pick images" });
    expect(tool.description).toBe("Pick images");
    expect(
      tool.inputSchema.safeParse({ prompt: "p", ui: { kind: "media", items: [{ id: "a", url: "/a.png" }] } }).success,
    ).toBe(true);
    expect(tool.inputSchema.safeParse({ prompt: "p", ui: { kind: "media", items: "x" } }).success).toBe(false);
    expect(tool.outputSchema.safeParse({ selected: ["a"] }).success).toBe(true);
    expect(tool.outputSchema.safeParse({ declined: true, reason: "no" }).success).toBe(true);
    expect(tool.outputSchema.safeParse({ reply: "the blue one" }).success).toBe(true);
    expect(tool.outputSchema.safeParse({ chosen: 1 }).success).toBe(false);
    expect(z.toJSONSchema(pickerOutputSchema(mediaKind))).toHaveProperty("anyOf");
  });
});

describe("readToolOutput", () => {
  it("given each shape a client can add, should read the typed result, validated against the request", () => {
    expect(readToolOutput(mediaKind, request, { selected: ["b"] })).toEqual({
      status: "answered",
      value: { selected: ["b"] },
    });
    expect(readToolOutput(mediaKind, request, { declined: true, reason: "no" })).toEqual({
      status: "declined",
      reason: "no",
    });
    expect(readToolOutput(mediaKind, request, { reply: "the lake" })).toEqual({ status: "replied", text: "the lake" });
    expect(readToolOutput(mediaKind, request, { dismissed: true })).toEqual({ status: "cancelled" });
    expect(readToolOutput(mediaKind, request, { selected: ["zzz"] }).status).toBe("invalid");
    expect(readToolOutput(mediaKind, request, "a string").status).toBe("invalid");
    expect(readToolOutput(mediaKind, request, undefined).status).toBe("invalid");
  });
});

type Message = { role: string; content: unknown[] };

const call = (id: string) => ({ type: "tool-call", toolCallId: id, toolName: "pick_media", input: {} });
const result = (id: string, output: unknown) => ({
  type: "tool-result",
  toolCallId: id,
  toolName: "pick_media",
  output,
});

describe("dedupeToolResults", () => {
  it("given an error then the real result for one call (a restart), should keep the real one and touch nothing else", () => {
    const user = { role: "user", content: [{ type: "text", text: "pick" }] };
    const assistant = { role: "assistant", content: [{ type: "text", text: "…" }, call("c1")] };
    const error = { role: "tool", content: [result("c1", { type: "error-text", value: "restarted" })] };
    const real = { role: "tool", content: [result("c1", { type: "json", value: { selected: ["a"] } })] };
    const after = { role: "assistant", content: [{ type: "text", text: "done" }] };
    const messages = [user, assistant, error, real, after];
    expect(checkTranscript(messages)).toEqual([{ type: "duplicate-result", toolCallId: "c1" }]);
    const repaired = dedupeToolResults(messages);
    expect(repaired).toEqual([user, assistant, real, after]);
    expect(repaired[0]).toBe(user);
    expect(repaired[2]).toBe(real);
    expect(checkTranscript(repaired)).toEqual([]);
  });

  it("given a denial and an error, should prefer the denial; given two real results, the first", () => {
    const denied = result("c", { type: "execution-denied", reason: "no" });
    const declined = result("d", { type: "json", value: { declined: true } });
    const messages: Message[] = [
      { role: "assistant", content: [call("c"), call("d")] },
      {
        role: "tool",
        content: [result("c", { type: "error-text", value: "x" }), result("d", { type: "error-json", value: {} })],
      },
      { role: "tool", content: [denied, declined, result("d", { type: "json", value: { selected: ["a"] } })] },
    ];
    const repaired = dedupeToolResults(messages);
    expect(repaired.flatMap((m) => (m.role === "tool" ? m.content : []))).toEqual([
      denied,
      result("d", { type: "json", value: { selected: ["a"] } }),
    ]);
    const twice: Message[] = [
      { role: "assistant", content: [call("e")] },
      {
        role: "tool",
        content: [result("e", { type: "text", value: "one" }), result("e", { type: "text", value: "two" })],
      },
    ];
    expect(dedupeToolResults(twice)[1]).toEqual({
      role: "tool",
      content: [result("e", { type: "text", value: "one" })],
    });
  });

  it("given a result with no call, should drop it; given a clean history, should return the same messages", () => {
    const clean = [
      { role: "assistant", content: [call("a")] },
      { role: "tool", content: [result("a", { type: "text", value: "ok" })] },
    ];
    expect(dedupeToolResults(clean)).toEqual(clean);
    expect(dedupeToolResults(clean).every((m, i) => m === clean[i])).toBe(true);
    const orphan = [...clean, { role: "tool", content: [result("ghost", { type: "text", value: "?" })] }];
    expect(dedupeToolResults(orphan)).toEqual(clean);
  });
});

describe("pickerToolDefinition", () => {
  it.each([
    ["media", mediaKind],
    ["template", templateKind],
    ["form", formKind],
    ["multi-select", multiSelectKind],
    ["aspect-ratio", aspectRatioKind],
  ] as const)(
    "given the %s kind, should describe { prompt, ui } as JSON Schema with the kind's own fields",
    (name, kind) => {
      const tool = pickerToolDefinition(kind, { name: `pick_${name}`, description: "Ask the person" });
      expect(tool.name).toBe(`pick_${name}`);
      expect(tool.parameters).toMatchObject({ type: "object", required: ["prompt", "ui"] });
      const ui = (tool.parameters.properties as Record<string, { properties?: Record<string, unknown> }>).ui;
      expect(Object.keys(ui?.properties ?? {})).toContain("kind");
    },
  );
});
