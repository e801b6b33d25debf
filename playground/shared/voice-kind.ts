/**
 * A custom kind, written the way a user of hitl-kit would: pick a text-to-speech voice.
 * Plain data (zod schemas + a cross-check), shared by the agent's `pick_voice` tool and the
 * browser widget, so both sides validate with the same definition.
 */
import { defineKind, type RequestOf, type ResponseOf } from "hitl-kit/kinds";
import { z } from "zod";

export const voiceKind = defineKind({
  kind: "voice",
  request: z.object({
    voices: z
      .array(
        z.object({
          id: z.string().min(1).max(100),
          name: z.string().min(1).max(200),
          language: z.string().min(2).max(35).describe("BCP 47 tag, e.g. en-GB"),
          sampleUrl: z.string().min(1).max(2_000).describe("A short sample clip (same-origin path or https URL)"),
        }),
      )
      .min(1)
      .max(100),
  }),
  response: z.strictObject({ voiceId: z.string().min(1).max(100) }),
  check: (request, response) =>
    request.voices.some((voice) => voice.id === response.voiceId)
      ? []
      : [{ path: ["voiceId"], message: `Unknown voice "${response.voiceId}": not one of the offered voices` }],
});

export type VoiceRequest = RequestOf<typeof voiceKind>;
export type VoiceResponse = ResponseOf<typeof voiceKind>;
