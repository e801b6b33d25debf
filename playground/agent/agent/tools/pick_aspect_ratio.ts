import { defineWorkflowTool } from "eve/tools";
import { aspectRatioKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person to pick an aspect ratio (a preset or, when allowed, a custom one). Returns exactly one result: answered ({ ratio, width, height }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(aspectRatioKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, aspectRatioKind, input);
  },
});
