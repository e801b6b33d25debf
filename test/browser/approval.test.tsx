/// <reference types="vite/client" />
import "../../src/styles.css";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { page, userEvent } from "vitest/browser";
import { noopJournal } from "../../src/core/journal";
import { approvalKind } from "../../src/kinds/native";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import { createTestSession, type TestApprovalOptions } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { Approval } from "../../src/widgets/approval/approval";
import { Fallback } from "../../src/widgets/fallback/fallback";

/**
 * The approval widget in real Chromium: real key events (CDP), real focus, real CSS. These are
 * what jsdom cannot check: where focus goes, that it is visible, and that the layout holds.
 */

const registry = createRegistry(widget(approvalKind, Approval));

// A plain React root: a real browser needs no act() (Testing Library's render would turn the act
// environment on and warn about every update the session causes).
let root: Root | undefined;
function mount(ui: ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  flushSync(() => root?.render(ui));
}

function renderApproval(options: Partial<TestApprovalOptions> = {}, width?: number) {
  const session = createTestSession();
  const ref = session.requestApproval({
    toolName: "delete_files",
    input: { paths: ["reports/2023-q4.csv"], recursive: false },
    ...options,
  });
  const transport = createTestTransport(session);
  mount(
    <main style={width === undefined ? undefined : { width }}>
      <HitlProvider transport={transport} registry={registry} journal={noopJournal}>
        <HitlRenderer fallback={Fallback} settled="all" />
      </HitlProvider>
    </main>,
  );
  return { session, ref };
}

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

describe("Approval in Chromium", () => {
  it("given the keyboard alone, should reach Approve then Deny, and focus the note when Deny opens", async () => {
    renderApproval();
    const approve = page.getByRole("button", { name: "Approve" });
    const deny = page.getByRole("button", { name: "Deny" });

    await userEvent.tab();
    await expect.element(approve).toHaveFocus();
    await userEvent.tab();
    await expect.element(deny).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    const note = page.getByRole("textbox", { name: "Note for the agent (optional)" });
    await expect.element(note).toHaveFocus();

    // Inside the open decline step: note → send the denial → back.
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Deny" })).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Back" })).toHaveFocus();
  });

  it("given keyboard focus on a button, should draw a visible focus ring", async () => {
    renderApproval();
    await userEvent.tab();
    const approve = page.getByRole("button", { name: "Approve" });
    await expect.element(approve).toHaveFocus();
    const style = getComputedStyle(approve.element());
    expect(style.outlineStyle).toBe("solid");
    expect(Number.parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
  });

  it("given a note typed and Enter, should send exactly one denial carrying the note", async () => {
    const { session, ref } = renderApproval();
    await userEvent.click(page.getByRole("button", { name: "Deny" }));
    await userEvent.keyboard("Not on Fridays{Enter}");
    await expect.element(page.getByText("Reason: Not on Fridays")).toBeVisible();
    await session.whenIdle();
    expect(session.answers(ref.requestId).map((answer) => answer.response)).toEqual([
      { optionId: "cancel", requestId: ref.requestId, text: "Not on Fridays" },
    ]);
    expect(session.toolResults(ref.callId)).toHaveLength(1);
  });

  it("given a 320px column and a long unbroken value, should wrap it instead of overflowing", async () => {
    renderApproval(
      { toolName: "fetch_page", input: { url: `https://example.com/${"very-long-path-segment-".repeat(12)}` } },
      320,
    );
    const group = page.getByRole("group", { name: "Approve Fetch page?" });
    await expect.element(group).toBeVisible();
    expectNoSidewaysOverflow(group.element(), 320);
  });

  it("given a 320px column and a deeply nested input, should not overflow sideways", async () => {
    renderApproval(
      { toolName: "deploy_service", input: { config: { limits: { memory: { max: { hard: "4Gi", soft: "3Gi" } } } } } },
      320,
    );
    const group = page.getByRole("group", { name: "Approve Deploy service?" });
    await expect.element(group).toBeVisible();
    expectNoSidewaysOverflow(group.element(), 320);
  });
});

function expectNoSidewaysOverflow(element: Element, width: number) {
  expect(element.getBoundingClientRect().width).toBeLessThanOrEqual(width);
  expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth);
}
