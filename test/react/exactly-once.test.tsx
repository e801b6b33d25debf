import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createBrowserJournal } from "../../src/core/journal";
import { createRegistry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import { createTestSession, type TestSession } from "../../src/testing/session";
import { captureKitWarnings } from "../support/kit-warnings";
import { askPick, pickKind, registry, settle, setup, TestFallback } from "./harness";

function Boom(): never {
  throw new Error("boom");
}

/** Exactly one answer reached the server, it settled the request, and the call got one result. */
function expectExactlyOnce(session: TestSession, ref: { requestId: string; callId: string }) {
  expect(session.answers(ref.requestId).map((a) => a.handling)).toEqual(["settled"]);
  expect(session.strayMessages).toEqual([]);
  expect(session.toolResults(ref.callId)).toHaveLength(1);
}

describe("useParkedInput + HitlRenderer exactly-once", () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("given a double click, should send one answer and show the receipt", async () => {
    const session = createTestSession({ latencyMs: 20 });
    session.userMessage("pick something");
    const ref = askPick(session);
    setup({ session });
    const button = screen.getByRole("button", { name: "Pick a" });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle(session);
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(session.answers(ref.requestId)[0]?.response.text).toBe('{"hitl":1,"kind":"pick","value":{"id":"a"}}');
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered");
    expect(screen.getByText("Chose a")).toBeInTheDocument();
  });

  it("given two different choices clicked in a row, should keep only the first", async () => {
    const session = createTestSession({ latencyMs: 20 });
    const ref = askPick(session);
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
      fireEvent.click(screen.getByRole("button", { name: "Pick b" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(session.answers(ref.requestId)[0]?.response.text).toContain('"id":"a"');
  });

  it("given Enter on the focused button and then a click, should send one answer", async () => {
    const user = userEvent.setup();
    const session = createTestSession({ latencyMs: 20 });
    const ref = askPick(session);
    setup({ session });
    screen.getByRole("button", { name: "Pick a" }).focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Pick a" }));
    await settle(session);
    expectExactlyOnce(session, ref);
  });

  it("given the same request rendered inline and in the queue, should send one answer when both are clicked", async () => {
    const session = createTestSession({ latencyMs: 20 });
    const ref = askPick(session);
    setup({
      session,
      children: (
        <>
          <div data-testid="inline">
            <HitlRenderer callId={ref.callId} fallback={TestFallback} />
          </div>
          <div data-testid="queue">
            <HitlRenderer fallback={TestFallback} />
          </div>
        </>
      ),
    });
    await act(async () => {
      fireEvent.click(within(screen.getByTestId("inline")).getByRole("button", { name: "Pick a" }));
      fireEvent.click(within(screen.getByTestId("queue")).getByRole("button", { name: "Pick b" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    // Both views show the same receipt.
    expect(within(screen.getByTestId("inline")).getByText("Chose a")).toBeInTheDocument();
    expect(within(screen.getByTestId("queue")).getByText("Chose a")).toBeInTheDocument();
  });

  it("given the widget unmounts mid-submit, should still complete the one answer", async () => {
    const session = createTestSession({ latencyMs: 30 });
    const ref = askPick(session);
    const harness = setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    harness.unmount();
    await settle(session);
    expectExactlyOnce(session, ref);
    // Mounting again on the same transport shows the settled request, not an open one.
    render(<HitlRenderer transport={harness.transport} registry={registry} settled="all" fallback={TestFallback} />);
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered");
  });

  it("given a decline, should send exactly one decline answer the tool can read", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Decline" }));
      fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(JSON.parse(session.answers(ref.requestId)[0]?.response.text ?? "")).toEqual({
      hitl: 1,
      kind: "pick",
      declined: true,
      reason: "not now",
    });
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "declined");
  });

  it("given an answer that fails the kind's check, should send nothing", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick unknown" }));
    });
    await settle(session);
    expect(session.answers(ref.requestId)).toEqual([]);
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "open");
  });
});

describe("useParkedInput failures and recovery", () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("given an HTTP 400, should show the error and send once more on Retry", async () => {
    const warnings = captureKitWarnings();
    const session = createTestSession();
    const ref = askPick(session);
    session.failNextRespond({ status: 400 });
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    await settle(session);
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "error");
    expect(session.answers(ref.requestId)).toEqual([]);
    expect(warnings()).toEqual([
      `[hitl-kit] sending the answer to ${ref.requestId} failed: HTTP 400: Injected test failure.`,
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
  });

  it("given a transient 503, should retry by itself and send once", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    session.failNextRespond({ status: 503 });
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick b" }));
    });
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"), {
      timeout: 3000,
    });
    expectExactlyOnce(session, ref);
  });

  it("given a dropped connection after the server processed the answer, should never send it again", async () => {
    const warnings = captureKitWarnings();
    const session = createTestSession();
    const ref = askPick(session);
    session.failNextRespond({ network: true, afterAccept: true });
    setup({ session, provider: { unconfirmedGraceMs: 50 } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    await settle(session);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expectExactlyOnce(session, ref);
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered");
    expect(warnings()).toEqual([`[hitl-kit] sending the answer to ${ref.requestId} failed: Failed to fetch`]);
  });

  it("given a dropped connection before the server got the answer, should reopen after the grace period", async () => {
    const warnings = captureKitWarnings();
    const session = createTestSession();
    const ref = askPick(session);
    session.failNextRespond({ network: true });
    setup({ session, provider: { unconfirmedGraceMs: 50 } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "submitting");
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "error"));
    expect(warnings()).toEqual([`[hitl-kit] sending the answer to ${ref.requestId} failed: Failed to fetch`]);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
  });

  it("given a reload mid-submit whose answer arrived, should show it as sent and never send it again", async () => {
    // The server takes 150 ms: long enough that the reload below comes back before it processed
    // the answer, even on a loaded machine (30 ms was not). The grace period outlasts it.
    const session = createTestSession({ latencyMs: 150 });
    const ref = askPick(session);
    const first = setup({ session, journal: createBrowserJournal(), provider: { unconfirmedGraceMs: 400 } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    first.unmount(); // the page goes away while the POST is in flight…
    first.transport.close();
    // …and comes back before the server processed the answer: a new ledger replays the stream.
    setup({ session, journal: createBrowserJournal(), provider: { unconfirmedGraceMs: 400 } });
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "submitting");
    expect(screen.getByRole("button", { name: "Pick a" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Pick b" }));
    await settle(session);
    // Past the grace period: nothing is sent again.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 450));
    });
    expectExactlyOnce(session, ref);
    expect(session.answers(ref.requestId)[0]?.response.text).toContain('"id":"a"');
    expect(sessionStorage.length).toBeLessThanOrEqual(1); // only the tab id is left
  });

  it("given a reload mid-submit whose answer never arrived, should reopen it once the stream is live", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    // The previous page recorded its answer and died before the POST left.
    createBrowserJournal().record(session.sessionId, ref.requestId, { type: "value", value: { id: "a" } });
    const harness = setup({ session, journal: createBrowserJournal(), provider: { unconfirmedGraceMs: 50 } });
    act(() => harness.transport.setConnection("catching-up"));
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "submitting");
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    // Still catching up: no verdict yet.
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "submitting");
    act(() => harness.transport.setConnection("live"));
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "error"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
  });

  it("given two tabs answering the same request at once, should send one answer", async () => {
    const warnings = captureKitWarnings();
    const session = createTestSession({ latencyMs: 20 });
    const ref = askPick(session);
    // Two tabs: two ledgers and two journals sharing localStorage, with different tab ids.
    const tabA = setup({ session, journal: createBrowserJournal(), provider: { unconfirmedGraceMs: 5_000 } });
    sessionStorage.clear();
    const journalB = createBrowserJournal();
    const tabB = setup({ session, journal: journalB, provider: { unconfirmedGraceMs: 5_000 } });
    const [buttonA, buttonB] = screen.getAllByRole("button", { name: "Pick a" });
    await act(async () => {
      fireEvent.click(buttonA!);
      fireEvent.click(buttonB!);
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(screen.getAllByTestId("pick").map((el) => el.getAttribute("data-state"))).toEqual(["answered", "answered"]);
    // The tab that lost the race says so (the other tab holds the answer).
    expect(warnings()).toEqual([
      `[hitl-kit] sending the answer to ${ref.requestId} failed: This request is being answered in another tab.`,
    ]);
    tabA.unmount();
    tabB.unmount();
  });
  it("given a lagging tab that still shows the request open after another tab's answer settled, should not send again", async () => {
    const warnings = captureKitWarnings();
    const session = createTestSession();
    const ref = askPick(session);
    const journalA = createBrowserJournal();
    const tabA = setup({ session, journal: journalA, provider: { unconfirmedGraceMs: 60_000 } });
    sessionStorage.clear(); // tab B: another tab id, the same localStorage
    const tabB = setup({ session, journal: createBrowserJournal(), provider: { unconfirmedGraceMs: 60_000 } });
    tabB.transport.close(); // B's stream lags: it will not see A's answer settle
    const [buttonA, buttonB] = screen.getAllByRole("button", { name: "Pick a" });
    await act(async () => {
      fireEvent.click(buttonA!);
    });
    await settle(session);
    expect(screen.getAllByTestId("pick")[0]).toHaveAttribute("data-state", "answered");
    await act(async () => {
      fireEvent.click(buttonB!);
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(warnings()).toEqual([
      `[hitl-kit] sending the answer to ${ref.requestId} failed: This request is being answered in another tab.`,
    ]);
    tabA.unmount();
    tabB.unmount();
  });
});

describe("server-driven outcomes", () => {
  it("given a chat message that answers the open question, should show the receipt without a spinner", async () => {
    const session = createTestSession();
    askPick(session);
    setup({ session });
    await act(async () => {
      await session.sendMessage("the first one");
    });
    await settle(session);
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered");
  });

  it("given the agent withdraws the question, should show it as cancelled", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    setup({ session });
    act(() => session.withdraw(ref.requestId));
    expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "cancelled");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("given several open requests, should list them oldest first and announce a new one politely", async () => {
    const session = createTestSession();
    askPick(session, ["a"], "First question");
    setup({ session });
    act(() => {
      askPick(session, ["x"], "Second question");
    });
    const requests = screen.getAllByTestId("pick");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toHaveTextContent("First question");
    expect(requests[1]).toHaveTextContent("Second question");
    expect(screen.getByRole("status")).toHaveTextContent("The agent asks: Second question");
  });
});

describe("bad input never crashes the renderer", () => {
  it("given a payload that fails its schema, should render the answerable fallback", async () => {
    const session = createTestSession();
    const ref = session.ask({ toolName: "pick_thing", input: { prompt: "Broken", ui: { kind: "pick", ids: "nope" } } });
    setup({ session });
    const fallback = screen.getByTestId("fallback");
    expect(fallback).toHaveAttribute("data-reason", "invalid-payload");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send text" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
  });

  it("given an unknown kind or no kind, should render the fallback with the issue", () => {
    const session = createTestSession();
    session.ask({ toolName: "x", input: { prompt: "Unknown", ui: { kind: "hologram" } } });
    session.ask({ toolName: "y", input: { prompt: "No kind", ui: "just a string" } });
    setup({ session });
    const fallbacks = screen.getAllByTestId("fallback");
    expect(fallbacks.map((f) => f.getAttribute("data-reason"))).toEqual(["unknown-kind", "unknown-kind"]);
    expect(fallbacks[0]).toHaveTextContent('No widget is registered for kind "hologram"');
    expect(fallbacks[1]).toHaveTextContent("The request has no ui.kind");
  });

  it("given a malformed stream event, should report it through onError and keep rendering", () => {
    const session = createTestSession();
    askPick(session);
    const onError = vi.fn();
    const harness = setup({ session, provider: { onError }, strict: false });
    const warnings = captureKitWarnings();
    act(() => {
      // eve's `input.requested` without its data: the converter reports it, nothing throws.
      harness.transport.inject({ type: "input.requested", data: {}, meta: { id: "evt_bad", at: "" } });
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: "malformed-event" }));
    expect(screen.getByTestId("pick")).toBeInTheDocument();
    expect(warnings()).toEqual([expect.stringMatching(/^\[hitl-kit\] ignored a malformed "input.requested" event:\n/)]);
  });

  it("given a widget that throws, should show the fallback and keep the request answerable", async () => {
    const session = createTestSession();
    const ref = askPick(session);
    const onError = vi.fn();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = captureKitWarnings();
    setup({ session, provider: { registry: createRegistry(widget(pickKind, Boom)), onError } });
    expect(screen.getByTestId("fallback")).toHaveAttribute("data-reason", "widget-crashed");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send text" }));
    });
    await settle(session);
    expectExactlyOnce(session, ref);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: "widget-crashed" }));
    expect(warnings()).toEqual([`[hitl-kit] the widget for ${ref.requestId} crashed; showing the fallback: boom`]);
    // React logs the error its boundary caught, once.
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ message: "boom" }),
      "The above error occurred in the <Boom> component.",
      expect.stringContaining("RequestBoundary"),
    );
    error.mockRestore();
  });
});
