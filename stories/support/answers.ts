import { expect } from "storybook/test";
import type { TestRequestRef } from "../../src/testing/session";
import { expectOneAnswer, type HitlScenario } from "./scenario";

/**
 * Reading answers as eve got them. A kit picker's answer travels as the kit's envelope inside
 * eve's `text` (`{ hitl, kind, value }` or `{ hitl, kind, declined, reason }`); eve's own
 * questions and approvals answer natively, with `optionId` and/or `text`.
 */

/** An answer the server received, or one the kit handed to the transport (`hitl.sent`). */
export interface ReceivedAnswer {
  readonly requestId?: string;
  readonly optionId?: string | undefined;
  readonly text?: string | undefined;
}

/** The kit's envelope inside an answer's `text`, parsed (throws if `text` is not JSON). */
export function parseEnvelope(answer: { readonly text?: string | undefined }): unknown {
  return JSON.parse(answer.text ?? "");
}

/** What an answer must be, apart from its request id. */
export type ExpectedAnswer =
  /** The kit's envelope in `text`, and no `optionId`. */
  | { readonly envelope: unknown }
  /** eve's own form, exactly (`{ optionId }`, `{ text }`, `{ optionId, text }`). */
  | { readonly native: { readonly optionId?: string; readonly text?: string } };

/** Asserts that `answer` answers the scenario's first request (or `ref`) with `expected`. */
export async function expectAnswer(
  answer: ReceivedAnswer | undefined,
  hitl: HitlScenario,
  expected: ExpectedAnswer,
  ref: TestRequestRef = hitl.ref,
): Promise<void> {
  if ("native" in expected) {
    await expect(answer).toEqual({ ...expected.native, requestId: ref.requestId });
    return;
  }
  await expect(answer?.requestId).toBe(ref.requestId);
  await expect(answer?.optionId).toBeUndefined();
  await expect(parseEnvelope(answer ?? {})).toEqual(expected.envelope);
}

/**
 * `expectOneAnswer` for a kit picker: the one settled answer, checked to be an envelope for the
 * request (its id, no `optionId`), parsed.
 */
export async function expectOneEnvelope(hitl: HitlScenario, ref: TestRequestRef = hitl.ref): Promise<unknown> {
  const answer = await expectOneAnswer(hitl, ref);
  await expect(answer.requestId).toBe(ref.requestId);
  await expect(answer.optionId).toBeUndefined();
  return parseEnvelope(answer);
}

/** Nothing reached the transport or the server. */
export async function expectNothingSent(hitl: HitlScenario): Promise<void> {
  await expect(hitl.sent).toEqual([]);
  await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
}
