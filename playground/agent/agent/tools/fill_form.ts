import { defineWorkflowTool } from "eve/tools";
import { formKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person to fill in a form. Returns exactly one result: answered ({ values }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(formKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, formKind, input);
  },
});
