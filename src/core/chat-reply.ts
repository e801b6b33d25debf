import type { AnswerBody } from "./answer";
import { type HitlClient, internalsOf, RECONNECTING } from "./client";
import type { HitlIssue } from "./issues";
import { selectRequest, selectRequests } from "./ledger";
import type { ParkedRequest } from "./model";
import { type ChatMessage, type HitlTransportError, MessageNotSentError, toTransportError } from "./transport";

/** The reason an approval carries when the person typed in the chat instead of deciding. */
export const REPLIED_IN_CHAT_REASON = "The person replied in the chat instead.";

/** What `sendChatMessage` did. */
export type MessageResult =
  | { readonly status: "sent" /** Requests the message answered first. */; readonly answered: readonly string[] }
  | { readonly status: "refused" | "reconnecting"; readonly issues: readonly HitlIssue[] }
  | { readonly status: "failed"; readonly error: HitlTransportError };

/**
 * Sends a chat message the person typed, through a transport that carries one (`sendMessage`:
 * the AI SDK's). A request the message would leave without its result gets the reply first,
 * through the client's gate, journal and cross-tab claim like any answer (an approval: a deny),
 * so the message never goes out beside a tool call without its result and never races a widget.
 */
export async function sendChatMessage(client: HitlClient, message: ChatMessage): Promise<MessageResult> {
  const { transport } = client;
  const inside = internalsOf(client);
  if (!transport.sendMessage || !inside) {
    return { status: "refused", issues: [{ path: [], message: "This transport sends no chat messages" }] };
  }
  if (!inside.live()) return { status: "reconnecting", issues: [RECONNECTING] };
  const { store, journal, kinds } = inside;
  const { sessionKey } = transport;
  const unconfirmed = (requestId: string, text: string) =>
    store.dispatch({ type: "failed", requestId, error: { kind: "unconfirmed", message: text } });

  const gated: ParkedRequest[] = [];
  for (const request of selectRequests(store.getSnapshot())) {
    if (request.state !== "open" || transport.awaitsReply?.(request) === false) continue;
    const kind = request.native === true ? kinds.kindOf(request.kind) : undefined;
    const body: AnswerBody = kind?.declineAs
      ? { type: "value", value: kind.declineAs(REPLIED_IN_CHAT_REASON) }
      : { type: "reply", text: message.text };
    // The same gate as a widget's answer: one submitting right now keeps its answer.
    if (!store.beginSubmit(request.requestId, body)) continue;
    journal.record(sessionKey, request.requestId, body);
    gated.push(request);
  }
  const replies = [];
  for (const request of gated) {
    const { requestId } = request;
    const submitted = selectRequest(store.getSnapshot(), requestId)?.submitted;
    if (!submitted || (await journal.claim(sessionKey, requestId)) === "taken") {
      unconfirmed(requestId, "This request is being answered in another tab.");
      continue;
    }
    replies.push({ requestId, kind: request.kind, answer: submitted, request });
  }
  try {
    const sent = await transport.sendMessage(message, replies);
    for (const { requestId } of replies) {
      if (sent.has(requestId)) store.dispatch({ type: "accepted", requestId });
      else unconfirmed(requestId, "This tool call already has its result.");
    }
    return { status: "sent", answered: replies.flatMap((r) => (sent.has(r.requestId) ? [r.requestId] : [])) };
  } catch (caught) {
    const error = toTransportError(caught);
    // Replies the server took before the message itself failed stay answered; the rest fail.
    const through = caught instanceof MessageNotSentError ? caught.repliesSent : new Set<string>();
    for (const { requestId } of replies) {
      if (through.has(requestId)) store.dispatch({ type: "accepted", requestId });
      else inside.fail(requestId, error);
    }
    return { status: "failed", error };
  }
}
