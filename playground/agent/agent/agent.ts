import { defineAgent } from "eve";
import { scriptedModel } from "./lib/scripted-model";

export default defineAgent({
  // A scripted, network-free model: the playground needs no API key (see lib/scripted-model.ts).
  model: scriptedModel(),
  // No AI Gateway catalog lookup for a custom model: eve would otherwise try to fetch its metadata.
  modelContextWindowTokens: 128_000,
  // No bash/file tools (no sandbox): the scripted model only calls the playground's own tools.
  defaultTools: false,
});
