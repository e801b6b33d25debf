import { render, screen } from "@testing-library/react";
import type { WidgetStatus } from "../../src/react/widget-props";
import { createWidgetContext } from "../../src/widgets/shared/create-widget-context";
import { splitShellProps } from "../../src/widgets/shared/shell-props";

const [PollProvider, usePoll] = createWidgetContext<{ question: string }>("Poll");

function Question() {
  return <p>{usePoll().question}</p>;
}

describe("createWidgetContext", () => {
  it("given a part inside its Provider, should read the Root's value", () => {
    render(
      <PollProvider value={{ question: "Lunch?" }}>
        <Question />
      </PollProvider>,
    );
    expect(screen.getByText("Lunch?")).toBeInTheDocument();
  });

  it("given a part outside its Root, should fail naming the widget and its Root", () => {
    // React reports the render error on the console as well; the thrown message is what matters.
    const silence = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Question />)).toThrow("hitl-kit: Poll parts must be rendered inside <Poll.Root>");
    silence.mockRestore();
  });
});

describe("splitShellProps", () => {
  it("given a Root's props, should hand the shell its five props and keep the rest for the widget", () => {
    const onDecline = vi.fn();
    const onRetry = vi.fn();
    const [shell, rest] = splitShellProps({
      payload: { n: 1 },
      status: "error" as const,
      error: "offline",
      declineReason: "no",
      onDecline,
      onRetry,
      className: "mine",
      id: "root",
    });
    expect(shell).toEqual({ status: "error", error: "offline", declineReason: "no", onDecline, onRetry });
    expect(rest).toEqual({ payload: { n: 1 }, className: "mine", id: "root" });
  });

  it("given no shell props, should leave none of them on the rest (nothing stray reaches the fieldset)", () => {
    const props: { payload: number; status?: WidgetStatus } = { payload: 1 };
    const [shell, rest] = splitShellProps(props);
    expect(Object.keys(rest)).toEqual(["payload"]);
    expect(shell.status).toBeUndefined();
  });
});
