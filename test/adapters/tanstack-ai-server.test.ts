import * as ai from "@tanstack/ai";
import { z } from "zod";
import { builtInKinds } from "../../src/kinds";
import { mediaKind } from "../../src/kinds/media";
import {
  pickerClientTool,
  pickerInterruptInput,
  pickerInterruptOptions,
  readInterruptResolution,
} from "../../src/server/tanstack-ai";
import { conformanceKind } from "../../src/testing/conformance";

/** `hitl-kit/server`'s TanStack AI helpers against the real `@tanstack/ai` 0.58. */

describe("the TanStack AI server helpers", () => {
  it.each(Object.entries(builtInKinds))(
    "given the built-in kind %s, should give TanStack AI JSON Schemas it accepts",
    (_, kind) => {
      // zod 4 exports every built-in kind's schemas as JSON Schema (what the model and the resume check see).
      expect(() => z.toJSONSchema(kind.response)).not.toThrow();
      const tool = ai.toolDefinition(pickerClientTool(kind, { name: `pick_${kind.kind}`, description: "Ask" }));
      expect(ai.convertSchemaToJsonSchema(tool.inputSchema)).toMatchObject({
        type: "object",
        required: ["prompt", "ui"],
      });
      expect(ai.convertSchemaToJsonSchema(tool.outputSchema)).toHaveProperty("anyOf");
      const definition = ai.defineInterrupt(pickerInterruptOptions(kind, { id: `pick-${kind.kind}` }));
      expect(definition.id).toBe(`pick-${kind.kind}`);
    },
  );

  it("given a picker tool, should take the kind's value or a typed marker as its output, and nothing else", () => {
    const { outputSchema } = pickerClientTool(conformanceKind, { name: "pick", description: "Pick" });
    expect(outputSchema.safeParse({ id: "a" }).success).toBe(true);
    expect(outputSchema.safeParse({ declined: true, reason: "no" }).success).toBe(true);
    expect(outputSchema.safeParse({ reply: "the blue one" }).success).toBe(true);
    expect(outputSchema.safeParse({ ids: ["a"] }).success).toBe(false);
  });

  it("given a picker interrupt's input, should carry the kind's request as the payload the definition checks", () => {
    const definition = ai.defineInterrupt(pickerInterruptOptions(conformanceKind, { id: "pick" }));
    const input = pickerInterruptInput(conformanceKind, {
      key: "k",
      prompt: "Which?",
      ui: { kind: "pick", ids: ["a"] },
    });
    expect(input).toEqual({
      key: "k",
      reason: "hitl-kit:pick",
      message: "Which?",
      payload: { prompt: "Which?", ui: { kind: "pick", ids: ["a"] } },
    });
    expect(definition.interrupt(input).payload).toEqual(input.payload);
    // A payload the kind refuses never becomes an interrupt.
    expect(() =>
      definition.interrupt({ ...input, payload: { prompt: "Which?", ui: { kind: "pick", ids: [] } } }),
    ).toThrow(/payload is invalid/);
  });

  it("given resolutions, should read them with the kind: answered, declined, replied, cancelled or invalid", () => {
    const request = { payload: { prompt: "Which?", ui: { kind: "pick", ids: ["a", "b"] } } };
    const read = (resolution: Parameters<typeof readInterruptResolution>[1]) =>
      readInterruptResolution(conformanceKind, resolution);
    expect(read({ request, status: "resolved", response: { id: "b" } })).toEqual({
      status: "answered",
      value: { id: "b" },
    });
    expect(read({ request, status: "resolved", response: { declined: true, reason: "no" } })).toEqual({
      status: "declined",
      reason: "no",
    });
    expect(read({ request, status: "resolved", response: { reply: "neither" } })).toEqual({
      status: "replied",
      text: "neither",
    });
    expect(read({ request, status: "cancelled" })).toEqual({ status: "cancelled" });
    // The id is checked against the request the interrupt carried, not just the schema.
    expect(read({ request, status: "resolved", response: { id: "z" } })).toMatchObject({
      status: "invalid",
      issues: [{ path: ["id"], message: 'Unknown id "z"' }],
    });
    expect(
      read({ request: { payload: { ui: { kind: "media" } } }, status: "resolved", response: { id: "a" } }),
    ).toMatchObject({
      status: "invalid",
      issues: expect.arrayContaining([expect.objectContaining({ path: ["ui", "kind"] })]),
    });
    expect(readInterruptResolution(mediaKind, { request: {}, status: "resolved", response: {} }).status).toBe(
      "invalid",
    );
  });
});
