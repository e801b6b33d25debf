import { defineWorkflowTool } from "eve/tools";
import { questionsKind } from "hitl-kit/kinds";
import { askPicker, pickerInputSchema } from "hitl-kit/server";

export default defineWorkflowTool({
  description:
    "Ask the person a few clarifying questions at once (each single or multiple choice, some with an answer in their own words). Returns exactly one result: answered ({ answers }), declined, replied, cancelled, unavailable or invalid.",
  inputSchema: pickerInputSchema(questionsKind),
  async execute(input, ctx) {
    "use workflow";
    return askPicker(ctx, questionsKind, input);
  },
});
