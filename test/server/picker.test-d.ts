import type { WorkflowToolContext } from "eve/tools";
import { mediaKind } from "../../src/kinds/media";
import { type AskContext, askPicker, type PickerResult, pickerInputSchema } from "../../src/server/picker";

describe("server helper types", () => {
  it("given eve's real workflow context, should accept it as the ask context", () => {
    expectTypeOf<WorkflowToolContext>().toExtend<AskContext>();
  });

  it("given a kind, should type the tool input and the result from its schemas", () => {
    expectTypeOf(pickerInputSchema(mediaKind).parse({})).toHaveProperty("ui").toHaveProperty("items");
    expectTypeOf(askPicker<typeof mediaKind>).returns.resolves.toEqualTypeOf<PickerResult<{ selected: string[] }>>();
  });
});
