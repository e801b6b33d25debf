import "../setup-eve";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEveAgent } from "eve/react";
import { StrictMode } from "react";
import { z } from "zod";
import { useEveHitl } from "../../src/adapters/eve/use-eve-hitl";
import { noopJournal } from "../../src/core/journal";
import { mediaKind } from "../../src/kinds/media";
import { approvalKind } from "../../src/kinds/native";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import type { HitlWidgetProps } from "../../src/react/widget-props";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession, type TestSession } from "../../src/testing/session";
import { Approval } from "../../src/widgets/approval/approval";
import { approvalTraceEvents, mainTraceEvents } from "../fixtures/eve";
import { askPick, PickWidget, pickKind, TestFallback } from "../react/harness";
import { captureKitWarnings } from "../support/kit-warnings";
import { recordedFetch } from "./recorded-fetch";

/** Test-only stand-in for the media widget: one button per item. */
function MediaButtons({
  payload,
  status,
  onSubmit,
}: HitlWidgetProps<z.infer<typeof mediaKind.request>, { selected: string[] }>) {
  return (
    <fieldset data-testid="media" data-state={status}>
      {payload.items.map((item) => (
        <button key={item.id} type="button" onClick={() => onSubmit?.({ selected: [item.id] })}>
          Choose {item.id}
        </button>
      ))}
    </fieldset>
  );
}

const registry = createRegistry(
  widget(pickKind, PickWidget),
  widget(mediaKind, MediaButtons),
  widget(approvalKind, Approval),
);

function Chat({ sessionId }: { sessionId: string }) {
  const agent = useEveAgent({ initialSession: { sessionId, streamIndex: 0 }, resume: true });
  const transport = useEveHitl(agent);
  return (
    <HitlProvider transport={transport} registry={registry} journal={noopJournal} unconfirmedGraceMs={300}>
      <HitlRenderer fallback={TestFallback} settled="all" />
      <p data-testid="agent-status">{agent.status}</p>
      <button type="button" onClick={() => void agent.send("hello there")}>
        Send chat
      </button>
    </HitlProvider>
  );
}

function renderChat(sessionId: string) {
  return render(
    <StrictMode>
      <Chat sessionId={sessionId} />
    </StrictMode>,
  );
}

function expectExactlyOnce(session: TestSession, ref: { requestId: string; callId: string }) {
  expect(session.answers(ref.requestId).map((a) => a.handling)).toEqual(["settled"]);
  expect(session.strayMessages).toEqual([]);
  expect(session.toolResults(ref.callId)).toHaveLength(1);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useEveHitl with the real useEveAgent on an in-memory eve session", () => {
  function parked() {
    const session = createTestSession();
    session.userMessage("pick something");
    const ref = askPick(session);
    const fetch = createTestFetch(session);
    vi.stubGlobal("fetch", fetch);
    return { session, ref, fetch };
  }

  it("given a parked question, should render it after resuming and send one answer on a double click", async () => {
    const { session, ref, fetch } = parked();
    renderChat(session.sessionId);
    const button = await screen.findByRole("button", { name: "Pick a" });
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"));
    expectExactlyOnce(session, ref);
    expect(fetch.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("given the server refuses the answer (HTTP 400), should show the error, and Retry should send it once", async () => {
    const { session, ref } = parked();
    session.failNextRespond({ status: 400 });
    const warnings = captureKitWarnings();
    renderChat(session.sessionId);
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Pick b" }));
    });
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "error"));
    expect(session.answers(ref.requestId)).toEqual([]);
    expect(warnings()).toEqual([`[hitl-kit] sending the answer to ${ref.requestId} failed: Injected test failure.`]);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"));
    expectExactlyOnce(session, ref);
  });

  it("given a plain chat message while the question is open, should show how it ended, not a spinner", async () => {
    const { session, ref } = parked();
    renderChat(session.sessionId);
    await screen.findByRole("button", { name: "Pick a" });
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send chat" }));
    });
    // The question allows free text, so eve takes the chat message as its answer.
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"));
    expect(session.answers(ref.requestId)).toMatchObject([{ via: "message", handling: "settled" }]);
  });

  it("given an approval, should deny it once with the note", async () => {
    const session = createTestSession();
    session.userMessage("delete it");
    const ref = session.requestApproval({ toolName: "delete_thing", input: { thingId: "t-42" } });
    vi.stubGlobal("fetch", createTestFetch(session));
    renderChat(session.sessionId);
    fireEvent.click(await screen.findByRole("button", { name: "Deny" }));
    fireEvent.change(screen.getByLabelText("Note for the agent (optional)"), { target: { value: "no" } });
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Deny" }));
      fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    });
    await waitFor(() => expect(document.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "denied"));
    expect(session.answers(ref.requestId)).toMatchObject([
      { handling: "settled", response: { optionId: "cancel", text: "no" } },
    ]);
    expect(session.toolResults(ref.callId)).toHaveLength(1);
    expect(screen.getByText("no", { exact: false })).toBeInTheDocument();
  });
});

describe("useEveHitl with the real useEveAgent on recorded eve 0.80.1 streams", () => {
  const indexAfter = (events: typeof mainTraceEvents, type: string, on?: string) =>
    events.findIndex((e) => e.type === type && (on === undefined || e.data.on === on)) + 1;

  it("given the recorded media question, should render its ui payload and POST exactly one answer", async () => {
    const parkedAt = indexAfter(mainTraceEvents, "turn.waiting", "input");
    const { fetch, posts } = recordedFetch(mainTraceEvents, [parkedAt, mainTraceEvents.length]);
    vi.stubGlobal("fetch", fetch);
    renderChat("wrun_01M80XX3SRCJDQGD951VBXMTFW");
    const choose = await screen.findByRole("button", { name: "Choose a" });
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(choose);
      fireEvent.click(choose);
    });
    await waitFor(() => expect(screen.getByTestId("media")).toHaveAttribute("data-state", "answered"));
    expect(posts).toEqual([
      {
        inputResponses: [
          {
            requestId: "wrun_01M80XX4AVN6ER25Z5K8A8Q4SV-ask-1",
            text: '{"hitl":1,"kind":"media","value":{"selected":["a"]}}',
          },
        ],
      },
    ]);
  });

  it("given the recorded approval, should deny it with one POST and show the denied receipt", async () => {
    const parkedAt = indexAfter(approvalTraceEvents, "turn.waiting", "input");
    const { fetch, posts } = recordedFetch(approvalTraceEvents, [parkedAt, approvalTraceEvents.length]);
    vi.stubGlobal("fetch", fetch);
    renderChat("wrun_01M80XVY34FFK35RMHZCS55WP5");
    fireEvent.click(await screen.findByRole("button", { name: "Deny" }));
    fireEvent.change(screen.getByLabelText("Note for the agent (optional)"), { target: { value: "no" } });
    await waitFor(() => expect(screen.getByTestId("agent-status")).not.toHaveTextContent("resuming"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    });
    await waitFor(() => expect(document.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "denied"));
    expect(posts).toEqual([
      { inputResponses: [{ requestId: "aitxt-20yMbdMFox20Ii1xFnWVZm0J", optionId: "cancel", text: "no" }] },
    ]);
  });

  it("given a stream replayed in full (reload after the answer), should show the receipt and send nothing", async () => {
    const { fetch, posts } = recordedFetch(mainTraceEvents, [mainTraceEvents.length]);
    vi.stubGlobal("fetch", fetch);
    renderChat("wrun_01M80XX3SRCJDQGD951VBXMTFW");
    await waitFor(() => expect(screen.getByTestId("media")).toHaveAttribute("data-state", "answered"));
    expect(screen.queryByRole("button", { name: "Choose a" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Choose a" }));
    expect(posts).toEqual([]);
  });
});

// Keeps the schema import meaningful for the stand-in widget's payload type.
void z;
