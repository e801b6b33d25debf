import { useChat } from "@ai-sdk/react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { convertToModelMessages, DefaultChatTransport, type UIMessage } from "ai";
import { useState } from "react";
import { type createChatRoute, tools } from "../../playground/ai-sdk/route";
import { continueAfterAnswers } from "../../src/adapters/ai-sdk/chat";
import type { AiSdkChatLike } from "../../src/adapters/ai-sdk/transport";
import { useAiSdkHitl } from "../../src/adapters/ai-sdk/use-ai-sdk-hitl";
import type { HitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer, useHitlClient } from "../../src/index";
import { checkTranscript, countToolResults } from "../../src/server/transcript";

/**
 * A chat page on the real `useChat` (`@ai-sdk/react` 4) with the kit, whose requests the
 * playground's real route handler serves in-process (`playground/ai-sdk/route.ts`). `raw` sends
 * the chat box straight through `chat.sendMessage`, as an app without the kit does.
 */
export type { AiSdkChatLike };
export type Route = ReturnType<typeof createChatRoute>;

interface PageProps {
  readonly route: Route;
  readonly id?: string;
  readonly initialMessages?: UIMessage[];
  readonly renderers?: number;
  readonly onChat?: (chat: AiSdkChatLike) => void;
  readonly raw?: boolean;
  /** Which receipts the queue keeps (`all`: a request that was never open too). */
  readonly settled?: "session" | "all";
  /** More hooks over the same chat, each its own transport, provider and renderer (two parts of a page). */
  readonly moreHooks?: number;
  /** Each provider's client, the page's first (the test answers through them directly). */
  readonly onClient?: (client: HitlClient) => void;
}

export function ChatPage({
  route,
  id,
  initialMessages,
  renderers = 1,
  onChat,
  raw = false,
  settled,
  moreHooks = 0,
  onClient,
}: PageProps) {
  const [transport] = useState(
    () =>
      new DefaultChatTransport({
        api: "http://chat.test/api/chat",
        fetch: (input, init) => route.POST(new Request(String(input), init as RequestInit)),
      }),
  );
  const chat = useChat({
    transport,
    sendAutomaticallyWhen: continueAfterAnswers,
    ...(id ? { id } : {}),
    ...(initialMessages ? { messages: initialMessages } : {}),
  });
  onChat?.(chat as unknown as AiSdkChatLike);
  const hitl = useAiSdkHitl(chat as unknown as AiSdkChatLike);
  return (
    <HitlProvider transport={hitl} journal={noopJournal}>
      {Array.from({ length: renderers }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical renderers
        <HitlRenderer key={i} {...(settled ? { settled } : {})} />
      ))}
      {onClient ? <ClientProbe onClient={onClient} /> : null}
      <output data-testid="status">{chat.status}</output>
      <ChatBox send={raw ? (text) => void chat.sendMessage({ text }) : undefined} />
      {Array.from({ length: moreHooks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical parts
        <OtherHook key={i} chat={chat as unknown as AiSdkChatLike} onClient={onClient} />
      ))}
    </HitlProvider>
  );
}

/** Another part of the page with its own `useAiSdkHitl` over the same chat. */
function OtherHook({ chat, onClient }: { chat: AiSdkChatLike; onClient: PageProps["onClient"] }) {
  const hitl = useAiSdkHitl(chat);
  return (
    <HitlProvider transport={hitl} journal={noopJournal}>
      <HitlRenderer />
      {onClient ? <ClientProbe onClient={onClient} /> : null}
    </HitlProvider>
  );
}

function ClientProbe({ onClient }: { onClient: (client: HitlClient) => void }) {
  onClient(useHitlClient());
  return null;
}

/** The chat box: through the kit's client (`sendMessage`), or straight to the chat (`send`). */
function ChatBox({ send }: { send: ((text: string) => void) | undefined }) {
  const client = useHitlClient();
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (send) send(text);
        else void client.sendMessage({ text });
        setText("");
      }}
    >
      <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}

export function say(text: string) {
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText("Message"));
}

/** Tool results per call id in the prompt the model received last. */
export function lastPromptResults(route: Route): Map<string, number> {
  return countToolResults(route.model.doStreamCalls.at(-1)?.prompt ?? []);
}

/** The model's last prompt, and the chat's messages converted again, are both sound. */
export async function expectOneResultPerCall(route: Route, messages: readonly UIMessage[]) {
  const prompt = route.model.doStreamCalls.at(-1)?.prompt ?? [];
  expect(checkTranscript(prompt)).toEqual([]);
  expect(checkTranscript(await convertToModelMessages([...messages], { tools }))).toEqual([]);
}

export async function waitForReady() {
  await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("ready"), { timeout: 5000 });
}

export function toolResultOutputs(route: Route): unknown[] {
  const prompt = route.model.doStreamCalls.at(-1)?.prompt ?? [];
  return prompt.flatMap((message) =>
    message.role === "tool"
      ? message.content.flatMap((part) => (part.type === "tool-result" ? [part.output] : []))
      : [],
  );
}
