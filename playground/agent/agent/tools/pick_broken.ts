import { defineWorkflowTool } from "eve/tools";
import { z } from "zod";

/**
 * Test-only: parks a question whose `ui` is whatever the model sent, unvalidated, so the browser's
 * fallback widget can be exercised ("broken ui"). A real picker (`askPicker`) never parks a
 * malformed payload: it returns `invalid` at once, and eve's AI SDK layer rejects a call whose
 * input fails the tool's `inputSchema` before the tool runs. The answer comes back as what the
 * person sent: free text (`replied`) or an option id.
 */
export default defineWorkflowTool({
  description: "Playground test tool: ask with a deliberately malformed ui payload. Do not use for real questions.",
  inputSchema: z.object({ prompt: z.string().min(1).max(2_000), ui: z.unknown() }),
  async execute(input, ctx) {
    "use workflow";
    const answer = await ctx.ask({ prompt: input.prompt, allowFreeform: true });
    if (answer.status !== "answered") return { status: answer.status };
    return answer.text !== undefined
      ? { status: "replied", text: answer.text }
      : { status: "replied", text: answer.optionId ?? "" };
  },
});
