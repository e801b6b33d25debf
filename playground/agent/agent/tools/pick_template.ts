import { defineWorkflowTool } from "eve/tools";
import { templateKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person to pick a template and fill in its variables. Returns exactly one result: answered ({ templateId, variables }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(templateKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, templateKind, input);
  },
});
