import type { StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { type ExpectedAnswer, expectAnswer } from "./answers";
import { expectOneAnswer, type HitlScenario, type HitlStoryArgs, type StoryState, storyHitl } from "./scenario";

/**
 * The play functions of the state stories every widget has (Submitting, Responded, Answered,
 * Declined, Cancelled, SendError, SendErrorRetry, and DeclineWithReason), written once. A story keeps its `args` (and
 * `globals`) where it is declared and takes its play from here:
 *
 * ```tsx
 * const states = statePlays({ prompt: PROMPT, kind: "media", busy: [{ role: "button", name: "Submit" }], gone: ["listbox"] });
 * export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };
 * ```
 *
 * The export stays an object literal with a `play` key: Storybook's indexer reads stories
 * statically and tags those with a play function `play-fn` (the sidebar's filter); an export of
 * `states.Declined` would index under the same id but without that tag.
 *
 * Each play reads what it expects from the story's args (`answer`, `reason`: what the harness made
 * the kit send), checks the story's `state` and theme, and takes an optional `check` for what only
 * that widget shows (a receipt's values, a control only it has).
 */

/** A control of the widget, found by role and accessible name. */
export interface Control {
  readonly role: string;
  readonly name: string;
}

/** What a state's play hands to a story's own `check`. */
export interface StateScene {
  readonly hitl: HitlScenario;
  readonly canvas: ReturnType<typeof within>;
  readonly canvasElement: HTMLElement;
  /** The widget: the group named by the prompt. */
  readonly group: HTMLElement;
  readonly args: HitlStoryArgs;
}

export type StateCheck = (scene: StateScene) => Promise<void>;

type Play = NonNullable<StoryObj<HitlStoryArgs>["play"]>;

export interface StatePlaysOptions {
  /** The widget's accessible name: the request's prompt. */
  prompt: string;
  /** The request's kind, as its envelopes carry it. */
  kind: string;
  /**
   * eve's own answer for an `answer` arg, for widgets that answer natively (question, text,
   * approval). Without it the answer is the kit's envelope `{ hitl: 1, kind, value: answer }`.
   */
  native?: (answer: unknown) => { optionId?: string; text?: string };
  /** eve's own answer for a decline (approval). Without it: `{ hitl: 1, kind, declined: true, reason }`. */
  nativeDecline?: (reason: string | undefined) => { optionId?: string; text?: string };
  /**
   * Controls that are disabled while the answer is in flight (submitting, responded) and operable
   * again after a failed send. Submitting clicks each of them: a click sends nothing more.
   */
  busy: readonly Control[];
  /** Roles, besides `button`, that must be gone once the request is over (the receipt replaces them). */
  gone?: readonly string[];
  /**
   * The receipt's headings; the widget's `data-state` is the same word in lower case.
   * @default { answered: "Answered", declined: "Declined" }
   */
  receipt?: { readonly answered: string; readonly declined: string };
}

export interface StatePlays {
  /** `state: "submitting"`: sending, the widget busy and disabled, the one send still unanswered. */
  submitting(check?: StateCheck): Play;
  /** `state: "responded"`: accepted, waiting for the agent, still disabled. */
  responded(check?: StateCheck): Play;
  /** `state: "answered"`: the one answer, and the receipt (`check` for what it lists). */
  answered(check?: StateCheck): Play;
  /** `state: "declined"`: the one decline, and its receipt with the reason. */
  declined(check?: StateCheck): Play;
  /** `state: "cancelled"`: the agent withdrew it; no answer, and the tool call still got its result. */
  cancelled(check?: StateCheck): Play;
  /** `state: "error"`: the server refused the send; the error with Retry, the widget operable. */
  sendError(check?: StateCheck): Play;
  /** `state: "error"`, then Retry: the same answer again, accepted; the receipt (`check` for its content). */
  sendErrorRetry(check?: StateCheck): Play;
  /**
   * `state: "open"`, declined by mouse: `before` (e.g. choose something first), Decline, the reason
   * field focused, `reason` typed, nothing sent yet, Send decline; the one decline and its receipt.
   */
  declineWithReason(reason: string, before?: StateCheck): Play;
}

export const SUBMITTING_TEXT = "Sending your answer…";
export const RESPONDED_TEXT = "Answer sent. Waiting for the agent…";
export const CANCELLED_TEXT = "Cancelled: the agent no longer needs this answer.";
export const SEND_ERROR_TEXT = "Couldn't send your answer.";

export function statePlays(options: StatePlaysOptions): StatePlays {
  const { prompt, kind, busy, gone = [] } = options;
  const labels = options.receipt ?? { answered: "Answered", declined: "Declined" };

  const answerOf = (answer: unknown): ExpectedAnswer =>
    options.native ? { native: options.native(answer) } : { envelope: { hitl: 1, kind, value: answer } };
  const declineOf = (reason: string | undefined): ExpectedAnswer =>
    options.nativeDecline
      ? { native: options.nativeDecline(reason) }
      : { envelope: { hitl: 1, kind, declined: true, ...(reason !== undefined ? { reason } : {}) } };
  /** What the harness sends for submitting, responded and error: the answer, or else a decline. */
  const sentFor = (args: HitlStoryArgs): ExpectedAnswer =>
    args.answer === undefined ? declineOf(args.reason) : answerOf(args.answer);

  async function scene(context: StoryContext<HitlStoryArgs>, state: StoryState): Promise<StateScene> {
    const hitl = await storyHitl(context);
    await expect(hitl.state, "the story's state").toBe(state);
    const canvas = within(context.canvasElement);
    const theme = context.globals.theme === "dark" ? "dark" : "light";
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", theme);
    const group = canvas.getByRole("group", { name: prompt });
    return { hitl, canvas, canvasElement: context.canvasElement, group, args: context.args };
  }

  const control = (s: StateScene, { role, name }: Control) => s.canvas.getByRole(role, { name });

  /** The request is over: the receipt's state, and no control left to operate. */
  async function expectOver(s: StateScene, state: string) {
    await expect(s.group).toHaveAttribute("data-state", state);
    await expect(s.canvas.queryByRole("button")).toBeNull();
    for (const role of gone) await expect(s.canvas.queryByRole(role), `no ${role} left`).toBeNull();
  }

  async function expectAnsweredReceipt(s: StateScene) {
    await expect(await s.canvas.findByText(labels.answered)).toBeVisible();
    await expectOver(s, labels.answered.toLowerCase());
  }

  async function expectDeclinedReceipt(s: StateScene, reason: string | undefined) {
    await expect(await s.canvas.findByText(labels.declined)).toBeVisible();
    if (reason !== undefined) await expect(s.canvas.getByText(`Reason: ${reason}`)).toBeVisible();
    else await expect(s.canvas.queryByText(/^Reason:/)).toBeNull();
    await expectOver(s, labels.declined.toLowerCase());
  }

  return {
    submitting: (check) => async (context) => {
      const s = await scene(context, "submitting");
      const { hitl } = s;
      await expect(s.canvas.getByText(SUBMITTING_TEXT)).toBeVisible();
      await expect(s.group).toHaveAttribute("data-state", "submitting");
      await expect(s.group).toHaveAttribute("aria-busy", "true");
      for (const c of busy) {
        const element = control(s, c);
        await expect(element, `${c.role} "${c.name}"`).toBeDisabled();
        // A click while sending sends nothing more.
        await userEvent.click(element, { pointerEventsCheck: 0 });
      }
      await check?.(s);
      await expect(hitl.sent).toHaveLength(1);
      await expectAnswer(hitl.sent[0], hitl, sentFor(s.args));
      await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    },

    responded: (check) => async (context) => {
      const s = await scene(context, "responded");
      await expect(s.canvas.getByText(RESPONDED_TEXT)).toBeVisible();
      await expect(s.group).toHaveAttribute("data-state", "responded");
      for (const c of busy) await expect(control(s, c), `${c.role} "${c.name}"`).toBeDisabled();
      await check?.(s);
      await expect(s.hitl.sent).toHaveLength(1);
      await expectAnswer(s.hitl.sent[0], s.hitl, sentFor(s.args));
    },

    answered: (check) => async (context) => {
      const s = await scene(context, "answered");
      await expectAnswer(await expectOneAnswer(s.hitl), s.hitl, answerOf(s.args.answer));
      await expectAnsweredReceipt(s);
      await check?.(s);
    },

    declined: (check) => async (context) => {
      const s = await scene(context, "declined");
      await expectAnswer(await expectOneAnswer(s.hitl), s.hitl, declineOf(s.args.reason));
      await expectDeclinedReceipt(s, s.args.reason);
      await check?.(s);
    },

    cancelled: (check) => async (context) => {
      const s = await scene(context, "cancelled");
      const { hitl } = s;
      await expect(s.canvas.getByText(CANCELLED_TEXT)).toBeVisible();
      await expectOver(s, "cancelled");
      // The agent withdrew it: no answer, and the tool call still got its one result.
      await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
      await expect(hitl.session.toolResults(hitl.ref.callId)).toHaveLength(1);
      await check?.(s);
    },

    sendError: (check) => async (context) => {
      const s = await scene(context, "error");
      const { hitl } = s;
      const alert = s.canvas.getByRole("alert");
      await expect(alert).toHaveTextContent(SEND_ERROR_TEXT);
      await expect(within(alert).getByRole("button", { name: "Retry" })).toBeEnabled();
      await expect(s.group).toHaveAttribute("data-state", "error");
      for (const c of busy) await expect(control(s, c), `${c.role} "${c.name}"`).toBeEnabled();
      await check?.(s);
      await expect(hitl.sent).toHaveLength(1);
      await expectAnswer(hitl.sent[0], hitl, sentFor(s.args));
      await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    },

    sendErrorRetry: (check) => async (context) => {
      const s = await scene(context, "error");
      const { hitl } = s;
      const alert = s.canvas.getByRole("alert");
      await expect(alert).toHaveTextContent(SEND_ERROR_TEXT);
      await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);

      await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));

      const expected = sentFor(s.args);
      await expectAnswer(await expectOneAnswer(hitl), hitl, expected);
      // The refused send and the retry, both the same answer.
      await expect(hitl.sent).toHaveLength(2);
      await expectAnswer(hitl.sent[0], hitl, expected);
      await expectAnswer(hitl.sent[1], hitl, expected);
      if (s.args.answer === undefined) await expectDeclinedReceipt(s, s.args.reason);
      else await expectAnsweredReceipt(s);
      await check?.(s);
    },

    declineWithReason: (reason, before) => async (context) => {
      const s = await scene(context, "open");
      const { hitl, canvas } = s;
      await expect(s.group).toHaveAttribute("data-state", "open");
      await before?.(s);
      await userEvent.click(canvas.getByRole("button", { name: "Decline" }));
      const field = canvas.getByRole("textbox", { name: "Reason (optional)" });
      await expect(field).toHaveFocus();
      await userEvent.type(field, reason);
      await expect(hitl.sent).toEqual([]);
      await userEvent.click(canvas.getByRole("button", { name: "Send decline" }));

      await expectAnswer(await expectOneAnswer(hitl), hitl, declineOf(reason));
      await expectDeclinedReceipt(s, reason);
    },
  };
}
