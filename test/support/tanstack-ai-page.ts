import * as ai from "@tanstack/ai";
import { ChatClient, fetchServerSentEvents } from "@tanstack/ai-client";
import { linkChatClient } from "../../src/adapters/tanstack-ai/chat-client";
import type { TanStackAiHitlTransport } from "../../src/adapters/tanstack-ai/transport";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import type { SubmissionJournal } from "../../src/core/journal";
import type { AnyKindContract } from "../../src/core/kind";
import { builtInKinds } from "../../src/kinds";
import { conformanceKind } from "../../src/testing/conformance";
import type { TanStackAiRoute } from "./tanstack-ai-server";
import { until as waitUntil } from "./until";

/**
 * A page on a REAL `ChatClient` (`@tanstack/ai-client` 0.33) talking to the route over HTTP
 * (`fetchServerSentEvents`), followed by the kit's transport (`linkChatClient`) and answered
 * through a real `createHitlClient`. `fromStored` opens it on what the route holds (a reload, a
 * second tab): the conversation as `initialMessages`, the interrupts its last run paused on as
 * `initialResumeSnapshot` — what a page restoring from `persistence` starts with.
 */
export interface Page {
  readonly chat: ChatClient;
  readonly transport: TanStackAiHitlTransport;
  readonly hitl: HitlClient;
  /** Nothing of this page is on its way: no run streaming, no batch resuming. */
  quiet(): boolean;
  close(): void;
}

export const THREAD = "conversation";

export function openPage(
  route: TanStackAiRoute,
  options: {
    readonly fromStored?: boolean;
    readonly journal?: SubmissionJournal;
    readonly kinds?: readonly AnyKindContract[];
    readonly graceMs?: number;
  } = {},
): Page {
  const link = linkChatClient({ threadId: THREAD });
  const stored = route.stored();
  const chat = new ChatClient({
    connection: fetchServerSentEvents(route.url),
    threadId: THREAD,
    ...(options.fromStored
      ? {
          initialMessages: ai.modelMessagesToUIMessages(structuredClone(stored.messages)),
          ...(stored.interrupted
            ? {
                initialResumeSnapshot: {
                  resumeState: { threadId: THREAD, runId: stored.interrupted.runId },
                  pendingInterrupts: structuredClone(stored.interrupted.interrupts) as ai.Interrupt[],
                },
              }
            : {}),
        }
      : {}),
    ...link.callbacks,
  });
  const transport = link.connect(chat);
  const hitl = createHitlClient({
    transport,
    kinds: options.kinds ?? [conformanceKind, ...Object.values(builtInKinds)],
    ...(options.journal ? { journal: options.journal } : {}),
    ...(options.graceMs !== undefined ? { unconfirmedGraceMs: options.graceMs } : {}),
  });
  const unmount = hitl.mount();
  return {
    chat,
    transport,
    hitl,
    quiet: () => !chat.getIsLoading() && !chat.getInterruptState().resuming,
    close() {
      unmount();
      chat.dispose();
    },
  };
}

/** Resolves once `condition` holds (polled every 5 ms), or fails saying what it waited for. */
export function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  return waitUntil(condition, what, timeoutMs, 5);
}

/** The route and every page are done: no request in flight, no page streaming or resuming. */
export async function settled(route: TanStackAiRoute, ...pages: Page[]): Promise<void> {
  await until(() => route.inFlight() === 0 && pages.every((page) => page.quiet()), "the conversation to settle");
  await Promise.all(pages.map((page) => page.hitl.whenIdle()));
  await new Promise((resolve) => setTimeout(resolve, 20));
  await until(() => route.inFlight() === 0 && pages.every((page) => page.quiet()), "the conversation to settle");
}
