import { defineWorkflowTool } from "eve/tools";
import { mediaKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person to pick one or more images from a gallery. Returns exactly one result: answered (the selected ids), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(mediaKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, mediaKind, input);
  },
});
