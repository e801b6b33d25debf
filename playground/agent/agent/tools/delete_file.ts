import { defineTool } from "eve/tools";
import { always } from "eve/tools/approval";
import { z } from "zod";

/** An ordinary tool behind eve's own approval: the person approves or denies every call. */
export default defineTool({
  description: "Delete a file from the project. Needs the person's approval every time.",
  inputSchema: z.object({ path: z.string().min(1).max(1_000) }),
  approval: { request: always(), prompt: ({ input }) => `Delete ${input.path}?` },
  async execute({ path }) {
    // The playground deletes nothing: it reports what it would have deleted.
    return { deleted: path };
  },
});
