import { act, render, screen } from "@testing-library/react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import type { HitlWidgetProps } from "../../src/react/widget-props";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { askPick, PickWidget, pickKind, TestFallback } from "./harness";

/** Render counts per prompt. */
const renders = new Map<string, number>();
function CountingPick(props: HitlWidgetProps<{ ids: string[] }, { id: string }>) {
  renders.set(props.prompt, (renders.get(props.prompt) ?? 0) + 1);
  return <PickWidget {...props} />;
}

describe("rendering cost", () => {
  it("given an open widget, should not re-render it for stream events about other things", () => {
    const session = createTestSession();
    askPick(session, ["a"], "First");
    const transport = createTestTransport(session);
    render(
      <HitlProvider
        transport={transport}
        registry={createRegistry(widget(pickKind, CountingPick))}
        journal={noopJournal}
      >
        <HitlRenderer fallback={TestFallback} />
      </HitlProvider>,
    );
    const before = renders.get("First");
    // A second request arrives, chat traffic flows, the second is withdrawn: none of it is about "First".
    let second = { requestId: "" };
    act(() => {
      second = askPick(session, ["x"], "Second");
    });
    act(() => {
      session.userMessage("unrelated chat");
    });
    act(() => session.withdraw(second.requestId));
    expect(screen.getAllByTestId("pick")[1]).toHaveAttribute("data-state", "cancelled");
    expect(screen.getAllByTestId("pick")).toHaveLength(2);
    expect(renders.get("Second")).toBeGreaterThan(0);
    expect(renders.get("First")).toBe(before);
  });
});
