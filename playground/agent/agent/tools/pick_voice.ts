import { defineWorkflowTool } from "eve/tools";
import { askPicker, pickerInputSchema } from "hitl-kit/server";
import { voiceKind } from "../../../shared/voice-kind";

export default defineWorkflowTool({
  description:
    "Ask the person to pick a text-to-speech voice (each with a sample clip). Returns exactly one result: answered ({ voiceId }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(voiceKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, voiceKind, input);
  },
});
