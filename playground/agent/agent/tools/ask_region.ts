import { defineWorkflowTool } from "eve/tools";
import { z } from "zod";

/**
 * eve's own question (no `ui`): `ctx.ask` with options, which the kit renders as its native
 * `question` widget (one-click buttons for three short options). The answer comes back as eve
 * records it: the option id.
 */
export default defineWorkflowTool({
  description: "Ask the person which region to deploy to. Returns the chosen region's id.",
  inputSchema: z.object({ prompt: z.string().min(1).max(2_000) }),
  async execute(input, ctx) {
    "use workflow";
    const answer = await ctx.ask({
      prompt: input.prompt,
      options: [
        { id: "eu-west-1", label: "Europe (Ireland)" },
        { id: "us-east-1", label: "US East (Virginia)" },
        { id: "ap-south-1", label: "Asia Pacific (Mumbai)" },
      ],
    });
    if (answer.status !== "answered") return { status: answer.status };
    return { status: "answered", region: answer.optionId ?? answer.text ?? "" };
  },
});
