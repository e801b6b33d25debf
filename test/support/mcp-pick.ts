import type { AnswerBody } from "../../src/core/answer";
import { readElicitResult } from "../../src/server/mcp";
import { conformanceKind } from "../../src/testing/conformance";
import type { ElicitationMapping } from "../../src/wire/hint";

/** The conformance suite's `pick` kind as an MCP elicitation: one enum field, its id. */
export const pickMapping: ElicitationMapping<{ ids: string[] }, { id: string }> = {
  requestedSchema: (request) => ({
    type: "object",
    properties: { id: { type: "string", enum: request.ids } },
    required: ["id"],
  }),
  toContent: (value) => ({ id: value.id }),
  fromContent: (content) => ({ id: content.id }),
};

/** An `ElicitResult` the server received for a `pick`, read back as the typed answer it carried. */
export function pickAnswerOf(result: unknown): AnswerBody {
  const read = readElicitResult(conformanceKind, { kind: "pick", ids: ["a", "b"] }, result, pickMapping);
  switch (read.status) {
    case "answered":
      return { type: "value", value: read.value };
    case "declined":
      return read.reason === undefined ? { type: "declined" } : { type: "declined", reason: read.reason };
    default:
      return { type: "dismissed" };
  }
}
