import { defineWorkflowTool } from "eve/tools";
import { multiSelectKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person to pick several options (tags) from a grouped list. Returns exactly one result: answered ({ selected }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(multiSelectKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, multiSelectKind, input);
  },
});
