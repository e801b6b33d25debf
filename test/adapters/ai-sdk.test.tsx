import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { createChatRoute } from "../../playground/ai-sdk/route";
import type { AiSdkChatLike } from "../../src/adapters/ai-sdk/transport";
import type { AnswerResult, HitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import {
  ChatPage,
  expectOneResultPerCall,
  lastPromptResults,
  say,
  toolResultOutputs,
  waitForReady,
} from "../support/ai-sdk-page";

/**
 * `useAiSdkHitl` over the real `useChat` (`@ai-sdk/react` 4), whose requests the playground's
 * real route handler serves in-process: `streamText` with the kit's picker tools and a tool behind
 * `toolApproval`, on the `ai` package's own test model (scripted, as strict as a provider about
 * tool results). Every scenario ends on the same check: the model's next prompt, and the real
 * `convertToModelMessages` of the chat's messages, hold exactly one result per tool call.
 */

describe("useAiSdkHitl over the real useChat and streamText", () => {
  it("given a picker answered with a double click, should give the model exactly one typed result", async () => {
    const route = createChatRoute();
    let chat: AiSdkChatLike | undefined;
    render(<ChatPage route={route} onChat={(c) => (chat = c)} />);
    say("pick media");
    const option = await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 });
    fireEvent.click(option);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect([...lastPromptResults(route).values()]).toEqual([1]);
    // The model reads the kind's typed value, not an envelope string.
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { selected: ["alpine-lake"] } }]);
    await expectOneResultPerCall(route, chat?.messages ?? []);
    expect(route.received).toHaveLength(2);
  });

  it("given a decline with a reason, should give the model one typed decline", async () => {
    const route = createChatRoute();
    render(<ChatPage route={route} />);
    say("pick media");
    await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    fireEvent.change(screen.getByLabelText("Reason (optional)"), { target: { value: "none of these" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send decline" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { declined: true, reason: "none of these" } }]);
    expect([...lastPromptResults(route).values()]).toEqual([1]);
  });

  it("given an approval denied with a note, should give the model one denial with the note", async () => {
    const route = createChatRoute();
    let chat: AiSdkChatLike | undefined;
    render(<ChatPage route={route} onChat={(c) => (chat = c)} />);
    say("delete file");
    const deny = await screen.findByRole("button", { name: "Deny" }, { timeout: 5000 });
    fireEvent.click(deny);
    fireEvent.change(screen.getByLabelText("Note for the agent (optional)"), { target: { value: "keep it" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Deny" }));
      fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(toolResultOutputs(route)).toEqual([{ type: "execution-denied", reason: "keep it" }]);
    await expectOneResultPerCall(route, chat?.messages ?? []);
    expect(within(document.body).getByText(/denied/i)).toBeInTheDocument();
  });

  it("given an approval approved, should run the tool once and give the model its one result", async () => {
    const route = createChatRoute();
    render(<ChatPage route={route} />);
    say("delete file");
    const approve = await screen.findByRole("button", { name: "Approve" }, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(approve);
      fireEvent.click(approve);
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { deleted: expect.any(String) } }]);
    expect([...lastPromptResults(route).values()]).toEqual([1]);
  });

  it("given two approvals in one step and Approve all double-clicked, should run each tool once: one result per call", async () => {
    const route = createChatRoute();
    let chat: AiSdkChatLike | undefined;
    render(<ChatPage route={route} onChat={(c) => (chat = c)} />);
    say("clean up drafts");
    const batch = await screen.findByRole("group", { name: "2 approvals asked together" }, { timeout: 5000 });
    // Each card asks with the policy's reason (AI SDK 7 `toolApproval` → `approval.reason`).
    expect(screen.getByText("Delete drafts/intro-v1.md? It cannot be undone.")).toBeInTheDocument();
    expect(screen.getByText("Delete drafts/intro-v2.md? It cannot be undone.")).toBeInTheDocument();
    const approveAll = within(batch).getByRole("button", { name: "Approve all 2" });
    await act(async () => {
      fireEvent.click(approveAll);
      fireEvent.click(approveAll);
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(route.received).toHaveLength(2);
    expect(toolResultOutputs(route)).toEqual([
      { type: "json", value: { deleted: "drafts/intro-v1.md" } },
      { type: "json", value: { deleted: "drafts/intro-v2.md" } },
    ]);
    expect([...lastPromptResults(route).values()]).toEqual([1, 1]);
    await expectOneResultPerCall(route, chat?.messages ?? []);
    // Both answered: no batch left to approve again.
    expect(screen.queryByRole("group", { name: /approvals asked together/ })).toBeNull();
  });

  it("given two approvals in one step, one denied first, should offer no Approve all for the one left", async () => {
    const route = createChatRoute();
    render(<ChatPage route={route} />);
    say("clean up drafts");
    await screen.findByRole("group", { name: "2 approvals asked together" }, { timeout: 5000 });
    const [firstDeny] = screen.getAllByRole("button", { name: "Deny" });
    fireEvent.click(firstDeny as HTMLElement);
    await act(async () => {
      fireEvent.click(screen.getAllByRole("button", { name: "Deny" })[0] as HTMLElement);
    });
    expect(screen.queryByRole("group", { name: /approvals asked together/ })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(toolResultOutputs(route)).toEqual([
      { type: "execution-denied" },
      { type: "json", value: { deleted: "drafts/intro-v2.md" } },
    ]);
  });

  it("given a policy that approves one call automatically (AI SDK 7), should show it as a receipt, never a card", async () => {
    const route = createChatRoute({
      deleteFilePolicy: ({ path }) =>
        path.endsWith("v1.md") ? "approved" : { type: "user-approval", reason: `Delete ${path}? It cannot be undone.` },
    });
    render(<ChatPage route={route} settled="all" />);
    say("clean up drafts");
    await screen.findByText("Delete drafts/intro-v2.md? It cannot be undone.", undefined, { timeout: 5000 });
    // One card (the person's), no batch of one; the automatic one is a receipt only.
    expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(1);
    expect(screen.queryByRole("group", { name: /approvals asked together/ })).toBeNull();
    const receipt = screen.getByText("Approved automatically").closest<HTMLElement>("[data-slot=widget]");
    expect(receipt).toHaveAttribute("data-state", "approved");
    expect(within(receipt as HTMLElement).getByText("drafts/intro-v1.md")).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(toolResultOutputs(route)).toEqual([
      { type: "json", value: { deleted: "drafts/intro-v1.md" } },
      { type: "json", value: { deleted: "drafts/intro-v2.md" } },
    ]);
  });

  it("given StrictMode and two renderers, should render the picker twice and still send one result", async () => {
    const route = createChatRoute();
    render(
      <StrictMode>
        <ChatPage route={route} renderers={2} />
      </StrictMode>,
    );
    say("pick media");
    await waitFor(() => expect(screen.getAllByRole("option", { name: /alpine lake/ })).toHaveLength(2), {
      timeout: 5000,
    });
    const [first, second] = screen.getAllByRole("listbox");
    fireEvent.click(within(first as HTMLElement).getByRole("option", { name: /alpine lake/ }));
    fireEvent.click(within(second as HTMLElement).getByRole("option", { name: /sand dunes/ }));
    const submits = screen.getAllByRole("button", { name: "Submit" });
    await act(async () => {
      for (const submit of submits) fireEvent.click(submit);
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(route.received).toHaveLength(2);
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { selected: ["alpine-lake"] } }]);
  });

  it("given two hooks over one chat (two transports, two providers) answering in the same instant, should share one gate and send one result", async () => {
    const route = createChatRoute();
    const clients = new Set<HitlClient>();
    render(<ChatPage route={route} moreHooks={1} onClient={(client) => clients.add(client)} />);
    say("pick media");
    await waitFor(() => expect(screen.getAllByRole("option", { name: /alpine lake/ })).toHaveLength(2), {
      timeout: 5000,
    });
    const [first, second] = [...clients];
    const requestId = first ? selectRequests(first.store.getSnapshot())[0]?.requestId : undefined;
    if (!first || !second || !requestId) throw new Error("two clients and a request");
    let results: AnswerResult[] = [];
    await act(async () => {
      results = [
        first.answer(requestId, { type: "value", value: { selected: ["alpine-lake"] } }),
        second.answer(requestId, { type: "value", value: { selected: ["sand-dunes"] } }),
      ];
    });
    // One ledger for the chat: the second hook's answer met the first's at the gate.
    expect(results.map((result) => result.status)).toEqual(["sent", "already-answered"]);
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(route.received).toHaveLength(2);
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { selected: ["alpine-lake"] } }]);
    for (const widget of document.querySelectorAll("[data-slot=widget][data-kind=media]")) {
      expect(widget).toHaveAttribute("data-state", "answered");
    }
  });

  it("given a reload after the answer went out, should not reopen the picker nor answer again", async () => {
    const route = createChatRoute();
    let chat: AiSdkChatLike | undefined;
    const first = render(<ChatPage route={route} id="reload" onChat={(c) => (chat = c)} />);
    say("pick media");
    fireEvent.click(await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    });
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    const saved = structuredClone([...(chat?.messages ?? [])]);
    first.unmount();
    // The app restores the conversation it persisted; the page starts again from it.
    render(<ChatPage route={route} id="reload" initialMessages={saved} />);
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(document.querySelector('[data-slot="request"]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(route.received).toHaveLength(2);
  });
});
