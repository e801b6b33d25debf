import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { UIMessage } from "ai";
import { StrictMode } from "react";
import { type ChatRoute, createChatRoute } from "../../playground/ai-sdk/route";
import { lastPromptResults, toolResultOutputs } from "../support/ai-sdk-page";
import { AssistantPage, createProbe, type PageProbe, type RuntimeKind } from "../support/assistant-ui-page";

/**
 * `hitl-kit/adapters/assistant-ui` on the real `@assistant-ui/react` 0.15 and
 * `@assistant-ui/react-ai-sdk` 1.4: an `AssistantRuntimeProvider` over the AI SDK runtime, a thread
 * of `ThreadPrimitive`/`MessagePrimitive` parts and the kit's tool UIs (`HitlToolUIs`), against the
 * playground's real AI SDK route in-process (`streamText` with the kit's picker tools, a scripted
 * model as strict as a provider about tool results).
 *
 * What counts is what the route RECEIVES: the one request after the answer holds the call once,
 * with its typed result, no other request follows, and the chat keeps that result (a later send
 * would overwrite it there). The AI SDK's chat folds a second `addToolOutput` with the SAME value
 * into the request already on its way, so neither the route nor the messages can see that double
 * send: over `useAISDKRuntime` the page owns the `Chat` and counts each result that reached it
 * (the kit's transport and a tool UI's `addResult` both end in its `addToolOutput`). With the
 * kit's guards taken out (widget, shell, client gate, transport), the `useAISDKRuntime` double
 * click, decline, StrictMode and approval tests fail, and the StrictMode one over `useChatRuntime`.
 */

// jsdom lays nothing out: the thread viewport's auto-scroll calls a method jsdom does not have.
beforeAll(() => {
  HTMLElement.prototype.scrollTo ??= () => {};
});

async function say(text: string) {
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
  });
}

/** The assistant message whose tool UI shows the kit's picker (the first one, with several views). */
async function findPicker() {
  const [option] = await screen.findAllByRole("option", { name: /alpine lake/ }, { timeout: 5000 });
  const message = option?.closest<HTMLElement>('[data-testid="assistant-message"]');
  if (!option || !message) throw new Error("the picker is not in an assistant message");
  return { option, message };
}

/** The tool call of the route's second request (the model made one). */
function callIdOf(route: ChatRoute): string {
  for (const message of route.received[1] ?? []) {
    for (const part of message.parts) if ("toolCallId" in part) return part.toolCallId;
  }
  throw new Error("the route received no tool call");
}

/** Everything on its way has arrived: the model answered twice and the chat is ready again. */
async function settle(route: ChatRoute) {
  await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
  await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("ready"), { timeout: 5000 });
  // A second automatic request would have started by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** The parts of `messages` for one tool call. */
function partsOf(messages: readonly UIMessage[], callId: string) {
  return messages.flatMap((message) =>
    message.parts.filter((part) => "toolCallId" in part && part.toolCallId === callId),
  );
}

/**
 * The route got the answer once (one more request, holding the call once, with `output`), and the
 * chat kept it (a second send would overwrite the output there after the request went out).
 */
function expectOneResult(route: ChatRoute, { sends, messages }: PageProbe, output: unknown) {
  expect(route.received).toHaveLength(2);
  const callId = callIdOf(route);
  const answered = expect.objectContaining({ type: "tool-pick_media", state: "output-available", output });
  expect(partsOf(route.received[1] ?? [], callId)).toEqual([answered]);
  expect(partsOf(messages, callId)).toEqual([answered]);
  expect([...lastPromptResults(route).values()]).toEqual([1]);
  expect(toolResultOutputs(route)).toEqual([{ type: "json", value: output }]);
  expect(route.errors).toEqual([]);
  if (sends) expect(sends).toEqual([{ toolCallId: callId, output }]);
}

describe.each<RuntimeKind>(["useChatRuntime", "useAISDKRuntime"])("assistant-ui tool UIs over %s", (runtime) => {
  it("given a picker tool call, should render the kit's widget in the thread's tool UI", async () => {
    const route = createChatRoute();
    render(<AssistantPage route={route} runtime={runtime} />);
    await say("pick media");
    const { message } = await findPicker();
    // The kit's renderer, inline for the call, inside the assistant message.
    expect(within(message).getByRole("listbox")).toBeInTheDocument();
    expect(message.querySelector('[data-slot="request"]')).toHaveAttribute("data-state", "open");
    expect(within(message).getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(route.received).toHaveLength(1);
  });

  it("given a double-clicked answer, should send exactly one typed result for the call", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} probe={probe} />);
    await say("pick media");
    const { option, message } = await findPicker();
    fireEvent.click(option);
    const submit = within(message).getByRole("button", { name: "Submit" });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    await settle(route);
    expectOneResult(route, probe, { selected: ["alpine-lake"] });
    expect(message.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "answered");
  });

  it("given a decline, should send exactly one result, the typed decline", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} probe={probe} />);
    await say("pick media");
    const { message } = await findPicker();
    fireEvent.click(within(message).getByRole("button", { name: "Decline" }));
    fireEvent.change(within(message).getByLabelText("Reason (optional)"), { target: { value: "none of these" } });
    const send = within(message).getByRole("button", { name: "Send decline" });
    await act(async () => {
      fireEvent.click(send);
      fireEvent.click(send);
    });
    await settle(route);
    expectOneResult(route, probe, { declined: true, reason: "none of these" });
  });

  it("given StrictMode and the thread shown twice, should render the picker in both and send one result", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(
      <StrictMode>
        <AssistantPage route={route} runtime={runtime} views={2} probe={probe} />
      </StrictMode>,
    );
    await say("pick media");
    await findPicker();
    const [first, second] = screen.getAllByTestId("thread") as [HTMLElement, HTMLElement];
    // One tool UI per view: a different choice in each, both submitted at once.
    fireEvent.click(within(first).getByRole("option", { name: /alpine lake/ }));
    fireEvent.click(within(second).getByRole("option", { name: /sand dunes/ }));
    const submits = [first, second].map((view) => within(view).getByRole("button", { name: "Submit" }));
    await act(async () => {
      for (const submit of submits) fireEvent.click(submit);
    });
    await settle(route);
    expectOneResult(route, probe, { selected: ["alpine-lake"] });
  });

  it("given a tool behind approval denied with a double click, should send one denial with the note", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} probe={probe} />);
    await say("delete file");
    const [deny] = await screen.findAllByRole("button", { name: "Deny" }, { timeout: 5000 });
    const message = deny?.closest<HTMLElement>('[data-testid="assistant-message"]');
    if (!deny || !message) throw new Error("the approval is not in an assistant message");
    fireEvent.click(deny);
    fireEvent.change(within(message).getByLabelText("Note for the agent (optional)"), {
      target: { value: "keep it" },
    });
    await act(async () => {
      fireEvent.click(within(message).getByRole("button", { name: "Deny" }));
      fireEvent.click(within(message).getByRole("button", { name: "Deny" }));
    });
    await settle(route);
    expect(route.received).toHaveLength(2);
    expect(toolResultOutputs(route)).toEqual([{ type: "execution-denied", reason: "keep it" }]);
    expect([...lastPromptResults(route).values()]).toEqual([1]);
    if (probe.sends)
      expect(probe.sends).toEqual([{ approvalId: expect.any(String), output: { approved: false, reason: "keep it" } }]);
  });

  it("given a message typed while a picker waits, should give the call one result (assistant-ui's cancellation)", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} probe={probe} />);
    await say("pick media");
    const { message } = await findPicker();
    await say("never mind, tell me a joke");
    await settle(route);
    expect(route.received).toHaveLength(2);
    const callId = callIdOf(route);
    // assistant-ui closes the open call with an error result before the message goes out.
    const cancelled = expect.objectContaining({ state: "output-error", errorText: expect.stringMatching(/cancelled/) });
    expect(partsOf(route.received[1] ?? [], callId)).toEqual([cancelled]);
    expect(partsOf(probe.messages, callId)).toEqual([cancelled]);
    expect([...lastPromptResults(route).values()]).toEqual([1]);
    expect(route.errors).toEqual([]);
    // The kit sent nothing for it, and its widget no longer takes an answer.
    if (probe.sends) expect(probe.sends).toEqual([]);
    expect(within(message).queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("given a reply sent through the kit while a picker waits, should give the call the typed reply as its one result", async () => {
    const route = createChatRoute();
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} probe={probe} />);
    await say("pick media");
    const { message } = await findPicker();
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "the lighthouse one" } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText("Reply"));
    });
    await settle(route);
    expectOneResult(route, { ...probe, sends: undefined }, { reply: "the lighthouse one" });
    // The reply went out after the result, as the user's message of the next request.
    const last = route.received[1]?.at(-1);
    expect(last).toEqual(
      expect.objectContaining({ role: "user", parts: [{ type: "text", text: "the lighthouse one" }] }),
    );
    // One update of the chat's messages, not `addToolOutput` (which would start a request of its own).
    if (probe.sends) expect(probe.sends).toEqual([]);
    expect(within(message).queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("given a reloaded thread whose call has its result, should show the receipt and send nothing", async () => {
    const route = createChatRoute();
    const before = createProbe(runtime);
    const first = render(<AssistantPage route={route} runtime={runtime} probe={before} />);
    await say("pick media");
    const { option, message } = await findPicker();
    fireEvent.click(option);
    await act(async () => {
      fireEvent.click(within(message).getByRole("button", { name: "Submit" }));
    });
    await settle(route);
    expectOneResult(route, before, { selected: ["alpine-lake"] });
    const restored = structuredClone([...before.messages]);
    first.unmount();

    // The app restores the conversation it persisted; assistant-ui's runtime starts from it.
    const probe = createProbe(runtime);
    render(<AssistantPage route={route} runtime={runtime} initialMessages={restored} probe={probe} />);
    // The tool UI shows the kit's receipt, read from the result in the restored messages.
    const outcome = await screen.findByText("Answered", { selector: '[data-slot="receipt-outcome"]' });
    const reloaded = outcome.closest<HTMLElement>('[data-testid="assistant-message"]');
    if (!reloaded) throw new Error("the receipt is not in an assistant message");
    expect(reloaded.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "answered");
    expect(within(reloaded).getByText("An alpine lake under snowy peaks at dawn")).toBeInTheDocument();
    expect(within(reloaded).queryByRole("button", { name: "Submit" })).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(route.received).toHaveLength(2);
    if (probe.sends) expect(probe.sends).toEqual([]);
  });
});
