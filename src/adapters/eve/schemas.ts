import { z } from "zod";

/**
 * eve 0.80.1's human-in-the-loop wire shapes (stream version 26), as the kit reads and writes them.
 * What we SEND mirrors eve's strict schemas exactly (eve rejects extra keys). What we READ is
 * parsed loosely (extra keys kept) so a newer eve that adds a field does not break the page.
 * Source of truth: `eve/dist/src/shared/input.d.ts`, `eve/dist/src/protocol/message.d.ts`.
 */

export const eveInputOptionSchema = z.looseObject({
  id: z.string(),
  label: z.string(),
  description: z.string().optional(),
  style: z.enum(["danger", "default", "primary"]).optional(),
});

export const eveInputRequestSchema = z.looseObject({
  requestId: z.string().min(1),
  kind: z.enum(["question", "tool-approval", "session-limit"]),
  prompt: z.string(),
  display: z.enum(["confirmation", "select", "text"]).optional(),
  options: z.array(eveInputOptionSchema).optional(),
  allowFreeform: z.boolean().optional(),
  action: z.looseObject({
    kind: z.literal("tool-call"),
    callId: z.string(),
    toolName: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
});
export type EveInputRequest = z.infer<typeof eveInputRequestSchema>;

/** Exactly eve's `inputResponseSchema` (strict): what `POST /eve/v1/session/:id` accepts. */
export const eveInputResponseSchema = z.strictObject({
  requestId: z.string(),
  optionId: z.string().optional(),
  text: z.string().optional(),
});
export type EveInputResponse = z.infer<typeof eveInputResponseSchema>;

export const eveEventMetaSchema = z.looseObject({
  id: z.string().optional(),
  at: z.string().optional(),
});

/** Every stream event: `{ type, data, meta }`. Only `type` is required to route it. */
export const eveEventSchema = z.looseObject({
  type: z.string(),
  data: z.unknown(),
  meta: eveEventMetaSchema.optional(),
});
export type EveEvent = z.infer<typeof eveEventSchema>;

export const eveInputResolutionOutcomeSchema = z.enum([
  "answered",
  "approved",
  "cancelled",
  "denied",
  "ignored",
  "invalid",
]);

/** The `data` of each event type the kit acts on. Other types pass through untouched. */
export const eveEventDataSchemas = {
  "input.requested": z.looseObject({
    requests: z.array(eveInputRequestSchema),
    sequence: z.number().optional(),
    stepIndex: z.number(),
    turnId: z.string(),
    callId: z.string().optional(),
    taskId: z.string().optional(),
  }),
  "input.resolved": z.looseObject({
    resolutions: z.array(
      z.looseObject({
        kind: z.enum(["question", "tool-approval", "session-limit"]),
        outcome: eveInputResolutionOutcomeSchema,
        requestId: z.string(),
        response: z
          .looseObject({ requestId: z.string(), optionId: z.string().optional(), text: z.string().optional() })
          .optional(),
      }),
    ),
    stepIndex: z.number().optional(),
    turnId: z.string().optional(),
  }),
  "approval.settled": z.looseObject({
    outcome: z.enum(["approved", "cancelled"]),
    requestId: z.string(),
    turnId: z.string().optional(),
  }),
  "approval.candidate": z.looseObject({
    outcome: z.enum(["pending", "rejected", "failed", "timed-out", "stale"]),
    requestId: z.string(),
    reason: z.string().optional(),
  }),
  "action.result": z.looseObject({
    status: z.enum(["completed", "failed", "rejected"]),
    result: z.looseObject({ callId: z.string() }),
    turnId: z.string().optional(),
  }),
  "turn.started": z.looseObject({ turnId: z.string() }),
  "turn.waiting": z.looseObject({ turnId: z.string(), on: z.enum(["input", "tasks"]) }),
  "turn.completed": z.looseObject({ turnId: z.string() }),
  "turn.failed": z.looseObject({ turnId: z.string() }),
  "turn.cancelled": z.looseObject({ turnId: z.string() }),
  "session.waiting": z.looseObject({}),
  "session.failed": z.looseObject({}),
  "session.completed": z.looseObject({}),
} as const;

export type EveKnownEventType = keyof typeof eveEventDataSchemas;
export type EveEventData<T extends EveKnownEventType> = z.infer<(typeof eveEventDataSchemas)[T]>;

export function isEveKnownEventType(type: string): type is EveKnownEventType {
  return Object.hasOwn(eveEventDataSchemas, type);
}
