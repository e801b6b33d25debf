import { fetchServerSentEvents, useChat } from "@tanstack/ai-react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode, useState } from "react";
import { useTanStackAiHitl } from "../../src/adapters/tanstack-ai/use-tanstack-ai-hitl";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { startTanStackAiRoute, type TanStackAiRoute } from "../support/tanstack-ai-server";

/**
 * `useTanStackAiHitl` over the REAL `useChat` (`@tanstack/ai-react` 0.27) in jsdom, talking over
 * HTTP to the REAL `chat()` route (`@tanstack/ai` 0.58, a scripted fake adapter), rendered by the
 * kit's own widgets. What counts is what the route received: one resume, one entry per interrupt.
 */

let route: TanStackAiRoute;

beforeEach(async () => {
  route = await startTanStackAiRoute();
});

afterEach(async () => {
  cleanup();
  await route.close();
});

function ChatPage({ renderers = 1 }: { readonly renderers?: number }) {
  const [connection] = useState(() => fetchServerSentEvents(route.url));
  const chat = useChat({ connection, threadId: "conversation" });
  const hitl = useTanStackAiHitl(chat, { threadId: "conversation" });
  const [text, setText] = useState("");
  return (
    <HitlProvider transport={hitl} journal={noopJournal}>
      {Array.from({ length: renderers }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical renderers
        <HitlRenderer key={i} />
      ))}
      <output data-testid="reply">
        {chat.messages.at(-1)?.parts.map((p) => (p.type === "text" ? p.content : ""))}
      </output>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void chat.sendMessage(text);
        }}
      >
        <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
      </form>
    </HitlProvider>
  );
}

function say(text: string) {
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText("Message"));
}

async function waitForReply() {
  await waitFor(() => expect(screen.getByTestId("reply")).toHaveTextContent("ok"), { timeout: 5000 });
  await waitFor(() => expect(route.inFlight()).toBe(0));
}

describe("useTanStackAiHitl over the real useChat and chat()", () => {
  it("given a picker submitted with a double click, should resume the run once with the kind's typed value", async () => {
    render(<ChatPage />);
    say("pick media");
    fireEvent.click(await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
      fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    });
    await waitForReply();
    expect(route.resumes).toEqual([
      { interruptId: "client_tool_call_media_1", status: "resolved", payload: { selected: ["alpine-lake"] } },
    ]);
    expect(route.requests).toHaveLength(2);
  });

  it("given an approval approved with a double click, should resume once and run the tool once", async () => {
    render(<ChatPage />);
    say("delete file");
    const approve = await screen.findByRole("button", { name: "Approve" }, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(approve);
      fireEvent.click(approve);
    });
    await waitForReply();
    expect(route.resumes).toEqual([
      { interruptId: "approval_call_del_1", status: "resolved", payload: { approved: true } },
    ]);
    expect(route.deletions).toEqual([{ path: "/tmp/report.txt" }]);
  });

  it("given StrictMode and two renderers choosing differently, should send only the first choice", async () => {
    render(
      <StrictMode>
        <ChatPage renderers={2} />
      </StrictMode>,
    );
    say("pick media");
    await waitFor(() => expect(screen.getAllByRole("option", { name: /alpine lake/ })).toHaveLength(2), {
      timeout: 5000,
    });
    const [first, second] = screen.getAllByRole("listbox");
    fireEvent.click(within(first as HTMLElement).getByRole("option", { name: /alpine lake/ }));
    fireEvent.click(within(second as HTMLElement).getByRole("option", { name: /sand dunes/ }));
    await act(async () => {
      for (const submit of screen.getAllByRole("button", { name: "Submit" })) fireEvent.click(submit);
    });
    await waitForReply();
    expect(route.resumes).toEqual([
      { interruptId: "client_tool_call_media_1", status: "resolved", payload: { selected: ["alpine-lake"] } },
    ]);
  });
});
