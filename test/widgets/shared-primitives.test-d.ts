import type { WidgetStatus } from "../../src/react/widget-props";
import { createWidgetContext } from "../../src/widgets/shared/create-widget-context";
import { type ShellProps, splitShellProps } from "../../src/widgets/shared/shell-props";

describe("splitShellProps", () => {
  it("given a Root's props, should type the rest without the shell's five", () => {
    const props: { payload: { id: string }; status?: WidgetStatus; onRetry?: () => void; id?: string } = {
      payload: { id: "a" },
    };
    const [shell, rest] = splitShellProps(props);
    expectTypeOf(shell).toEqualTypeOf<ShellProps>();
    expectTypeOf(rest).toEqualTypeOf<Omit<typeof props, keyof ShellProps>>();
    expectTypeOf(rest).not.toHaveProperty("status");
    expectTypeOf(rest.payload).toEqualTypeOf<{ id: string }>();
  });
});

describe("createWidgetContext", () => {
  it("given a value type, should type the hook's result with it", () => {
    const [, usePoll] = createWidgetContext<{ question: string }>("Poll");
    expectTypeOf(usePoll).returns.toEqualTypeOf<{ question: string }>();
  });
});
