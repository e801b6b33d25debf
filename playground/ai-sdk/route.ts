/**
 * The playground's AI SDK chat route: what an app's `app/api/chat/route.ts` would hold. It runs
 * the real `streamText` with the kit's picker tools (one `defineKind` types each tool's input,
 * the widget and the result) and a tool behind `toolApproval`, on the `ai` package's own test
 * model scripted like the eve agent's (`decide` from `playground/agent/agent/lib/scripted-model.ts`:
 * no network, no key). The model is as strict as a real provider: a prompt with a tool call that
 * has no result (or two) is refused with the 400 Anthropic gives, so a broken history fails here
 * exactly as it would in production.
 *
 * Served by the playground's Vite server at `POST /api/chat` (see `playground/web/vite.config.ts`)
 * and called in-process by the tests (`createChatRoute().POST(request)`).
 */

import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { APICallError } from "@ai-sdk/provider";
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  streamText,
  type ToolApprovalStatus,
  tool,
  toUIMessageStream,
  type UIMessage,
} from "ai";
import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import { aspectRatioKind, formKind, mediaKind, multiSelectKind, questionsKind, templateKind } from "hitl-kit/kinds";
import { checkTranscript, pickerTool } from "hitl-kit/server";
import { z } from "zod";
import { decide, streamParts } from "../agent/agent/lib/scripted-model";
import { voiceKind } from "../shared/voice-kind";

/** The tools, as the eve agent has them: a picker per kind, and `delete_file` behind approval. */
export const tools = {
  pick_media: pickerTool(mediaKind, { description: "Ask the person to pick images from a gallery." }),
  pick_template: pickerTool(templateKind, { description: "Ask the person to pick and fill a template." }),
  pick_aspect_ratio: pickerTool(aspectRatioKind, { description: "Ask the person for an aspect ratio." }),
  pick_tags: pickerTool(multiSelectKind, { description: "Ask the person to select several options." }),
  fill_form: pickerTool(formKind, { description: "Ask the person to fill a short form." }),
  pick_voice: pickerTool(voiceKind, { description: "Ask the person to pick a voice." }),
  ask_questions: pickerTool(questionsKind, { description: "Ask the person a few clarifying questions at once." }),
  pick_broken: pickerTool(mediaKind, { description: "A picker whose payload the model gets wrong." }),
  delete_file: tool({
    description: "Delete a file from the project. Needs the person's approval every time.",
    inputSchema: z.object({ path: z.string().min(1).max(1_000) }),
    // The playground deletes nothing: it reports what it would have deleted.
    execute: async ({ path }: { path: string }) => ({ deleted: path }),
  }),
};

export interface ChatRoute {
  /** The model: `doStreamCalls` holds every prompt it received, in order. */
  readonly model: MockLanguageModelV4;
  /** Every request body's messages the route received, in order. */
  readonly received: UIMessage[][];
  /** Every error a request ended with (the client is only told "An error occurred."). */
  readonly errors: unknown[];
  POST(request: Request): Promise<Response>;
}

/** One route with its own model (and so its own record of prompts). */
/** `delete_file`'s approval policy (AI SDK 7 `toolApproval`): the person decides, with a reason. */
export type DeleteFilePolicy = (input: { path: string }) => ToolApprovalStatus;

const askThePerson: DeleteFilePolicy = ({ path }) => ({
  type: "user-approval",
  reason: `Delete ${path}? It cannot be undone.`,
});

export function createChatRoute(
  options: {
    onPrompt?: (prompt: LanguageModelV4CallOptions["prompt"]) => void;
    /** Another policy for `delete_file` (a test's automatic approvals). */
    deleteFilePolicy?: DeleteFilePolicy;
  } = {},
): ChatRoute {
  const deleteFilePolicy = options.deleteFilePolicy ?? askThePerson;
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      options.onPrompt?.(prompt);
      const problems = checkTranscript(prompt);
      if (problems.length > 0) {
        // What a provider answers (Anthropic's wording), so a broken history fails as in production.
        throw new APICallError({
          message: `messages: tool_use ids were found without tool_result blocks immediately after: ${problems
            .map((p) => `${p.toolCallId} (${p.type})`)
            .join(", ")}`,
          url: "scripted://model",
          requestBodyValues: { prompt },
          statusCode: 400,
          isRetryable: false,
        });
      }
      return { stream: simulateReadableStream({ chunks: streamParts(decide(prompt)), chunkDelayInMs: null }) };
    },
  });
  const received: UIMessage[][] = [];
  const errors: unknown[] = [];
  return {
    model,
    received,
    errors,
    async POST(request) {
      const body = (await request.json()) as { messages: UIMessage[] };
      received.push(body.messages);
      const result = streamText({
        model,
        messages: await convertToModelMessages(body.messages, { tools }),
        tools,
        // AI SDK 7's call-site policy; its `reason` is what the approval card asks.
        toolApproval: { delete_file: (input) => deleteFilePolicy(input) },
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream }) });
    },
  };
}
