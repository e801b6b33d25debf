import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { questionsKind } from "../src/kinds/questions";
import {
  expectNothingSent,
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  pickerRequest,
  rawPickerRequest,
  receiptValues,
  type StateCheck,
  sendText,
  statePlays,
  storyHitl,
} from "./support";

/**
 * The question set (kind `questions`): the clarifying questions an agent asks at once, on one
 * card. Single choice is a radio group, multiple choice a group of checkboxes within its bounds,
 * each group one tab stop; "Other…" reveals a text field; a recommended option is marked and never
 * chosen for the person. Every story operates it by keyboard or mouse and asserts the one answer
 * the in-memory eve session received (the kit's envelope in the answer's `text`).
 */

const PROMPT = "A few questions before I scaffold checkout-api";

const DB = {
  id: "db",
  header: "Database",
  prompt: "Which database should the service use?",
  options: [
    { id: "pg", label: "PostgreSQL", description: "Relational; the team runs it already", recommended: true },
    { id: "sqlite", label: "SQLite", description: "One file, no server" },
    { id: "dynamo", label: "DynamoDB" },
  ],
};
const FEATURES = {
  id: "features",
  header: "Features",
  prompt: "Which features should be enabled at launch?",
  options: [
    { id: "auth", label: "Auth" },
    { id: "billing", label: "Billing" },
    { id: "search", label: "Search" },
  ],
  multiple: true,
  max: 3,
  other: true,
};
const NOTES = { id: "notes", header: "Notes", prompt: "Anything else I should know?", other: true, optional: true };

const set = pickerRequest(
  questionsKind,
  { questions: [DB, FEATURES, NOTES] },
  { prompt: PROMPT, toolName: "ask_user_question" },
);

const meta = {
  title: "Widgets/Questions",
  ...hitlMeta,
  args: { request: set },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const REASON = "I'll decide the stack with the team first.";
const ANSWER = { answers: { db: { selected: ["pg"] }, features: { selected: ["auth", "search"] } } };

const states = statePlays({
  prompt: PROMPT,
  kind: "questions",
  busy: [
    { role: "radio", name: "PostgreSQL" },
    { role: "checkbox", name: "Auth" },
    { role: "textbox", name: "Anything else I should know?" },
    { role: "button", name: "Submit" },
    { role: "button", name: "Decline" },
  ],
  gone: ["radio", "checkbox", "textbox"],
});

/** The receipt: each question by its header, with what was answered. */
const receipt =
  (expected: Record<string, string>): StateCheck =>
  async ({ group }) => {
    await expect(receiptValues(group)).toEqual(expected);
  };

/** Keyboard only: Tab into each group (one tab stop each), arrows, Space, Other's field, Submit. */
export const Default: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const widget = canvas.getByRole("group", { name: PROMPT });
    await expect(widget).toHaveAttribute("data-state", "open");
    const submit = canvas.getByRole("button", { name: "Submit" });
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    await expect(submit).toHaveAccessibleDescription("2 questions still need an answer.");

    await userEvent.tab();
    const databases = canvas.getByRole("radiogroup", { name: "Which database should the service use?" });
    await expect(within(databases).getByRole("radio", { name: "PostgreSQL" })).toHaveFocus();
    // An arrow moves and checks; End reaches the last radio.
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(databases).getByRole("radio", { name: "SQLite" })).toBeChecked();
    await userEvent.keyboard("{End}");
    await expect(within(databases).getByRole("radio", { name: "DynamoDB" })).toHaveFocus();
    await expect(within(databases).getByRole("radio", { name: "DynamoDB" })).toBeChecked();

    await userEvent.tab();
    const features = canvas.getByRole("group", { name: "Which features should be enabled at launch?" });
    await expect(within(features).getByRole("checkbox", { name: "Auth" })).toHaveFocus();
    await userEvent.keyboard(" ");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(within(features).getByRole("checkbox", { name: "Search" })).toHaveFocus();
    await userEvent.keyboard(" ");
    await userEvent.keyboard("{ArrowDown}");
    await userEvent.keyboard(" ");
    await expect(within(features).getByRole("checkbox", { name: "Other…" })).toBeChecked();
    await userEvent.tab();
    const other = canvas.getByRole("textbox", { name: "Your own answer" });
    await expect(other).toHaveFocus();
    await userEvent.keyboard("Audit log");
    await userEvent.tab();
    await expect(canvas.getByRole("textbox", { name: "Anything else I should know?" })).toHaveFocus();
    await userEvent.tab();
    await expect(submit).toHaveFocus();
    await expect(submit).not.toHaveAttribute("aria-disabled");
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "questions",
      value: {
        answers: { db: { selected: ["dynamo"] }, features: { selected: ["auth", "search"], other: "Audit log" } },
      },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptValues(widget)).toEqual({
      Database: "DynamoDB",
      Features: "Auth, Search · Other: Audit log",
      Notes: "Skipped",
    });
  },
};

/** The recommended option is marked (and described as such), never chosen for the person. */
export const RecommendedOption: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const pg = canvas.getByRole("radio", { name: "PostgreSQL" });
    await expect(pg).not.toBeChecked();
    await expect(pg).toHaveAccessibleDescription("Recommended Relational; the team runs it already");
    await expect(canvas.getByText("Recommended")).toBeVisible();
    await userEvent.click(canvas.getByText("PostgreSQL"));
    await expect(pg).toBeChecked();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Billing" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "questions",
      value: { answers: { db: { selected: ["pg"] }, features: { selected: ["billing"] } } },
    });
  },
};

/** Two to three answers: too few is said once Submit is tried, a fourth is refused politely. */
export const MultipleWithBounds: Story = {
  args: {
    request: pickerRequest(
      questionsKind,
      {
        questions: [
          {
            id: "regions",
            header: "Regions",
            prompt: "Which regions should checkout-api run in?",
            options: [
              { id: "us", label: "US East" },
              { id: "eu", label: "EU West" },
              { id: "ap", label: "Asia Pacific" },
              { id: "sa", label: "South America" },
            ],
            multiple: true,
            min: 2,
            max: 3,
          },
        ],
      },
      { prompt: PROMPT },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Choose 2 to 3.")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "EU West" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(canvas.getByText("Choose at least 2 (1 chosen).")).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Still to answer: “Regions”");
    await expectNothingSent(hitl);

    for (const name of ["US East", "Asia Pacific", "South America"]) {
      await userEvent.click(canvas.getByRole("checkbox", { name }));
    }
    await expect(canvas.getByRole("checkbox", { name: "South America" })).not.toBeChecked();
    await expect(canvas.getByText("You can choose at most 3. Uncheck one to choose another.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "questions",
      value: { answers: { regions: { selected: ["eu", "us", "ap"] } } },
    });
  },
};

/** "Other…" reveals a field; a blank one is refused, the words typed are sent trimmed. */
export const WithOther: Story = {
  args: {
    request: pickerRequest(questionsKind, { questions: [{ ...DB, other: true }] }, { prompt: PROMPT }),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await userEvent.click(canvas.getByRole("radio", { name: "Other…" }));
    const field = canvas.getByRole("textbox", { name: "Your own answer" });
    await expect(field).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(field).toHaveAccessibleDescription("Write your own answer, or unchoose “Other”.");
    await expectNothingSent(hitl);
    await userEvent.type(field, "  CockroachDB  ");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "questions",
      value: { answers: { db: { selected: [], other: "CockroachDB" } } },
    });
    await expect(receiptValues(canvas.getByRole("group", { name: PROMPT }))).toEqual({
      Database: "Other: CockroachDB",
    });
  },
};

/** An optional question may stay unanswered (and be cleared again); it is left out of the answer. */
export const OptionalQuestion: Story = {
  args: {
    request: pickerRequest(
      questionsKind,
      {
        questions: [
          DB,
          {
            id: "tone",
            header: "Tone",
            prompt: "Which tone for the README?",
            options: [
              { id: "formal", label: "Formal" },
              { id: "casual", label: "Casual" },
            ],
            optional: true,
          },
        ],
      },
      { prompt: PROMPT },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("group", { name: "Tone Which tone for the README? Optional" })).toBeVisible();
    await userEvent.click(canvas.getByRole("radio", { name: "Casual" }));
    await userEvent.click(canvas.getByRole("button", { name: "Clear answer" }));
    await expect(canvas.getByRole("radio", { name: "Casual" })).not.toBeChecked();
    await userEvent.click(canvas.getByRole("radio", { name: "SQLite" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "questions",
      value: { answers: { db: { selected: ["sqlite"] } } },
    });
  },
};

const MANY = Array.from({ length: 20 }, (_, index) => ({
  id: `q${index + 1}`,
  header: `Step ${index + 1}`,
  prompt: `Keep setting ${index + 1} as it is?`,
  options: [
    { id: "keep", label: `Keep ${index + 1}` },
    { id: "change", label: `Change ${index + 1}` },
  ],
}));

/** Twenty questions (the most the kind takes) on one card; the progress follows each answer. */
export const ManyQuestions: Story = {
  args: { request: pickerRequest(questionsKind, { questions: MANY }, { prompt: PROMPT }) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getAllByRole("radiogroup")).toHaveLength(20);
    await expect(canvas.getByText("0 of 20 answered")).toBeVisible();
    for (let index = 1; index <= 20; index++) {
      await userEvent.click(canvas.getByRole("radio", { name: index % 2 === 0 ? `Change ${index}` : `Keep ${index}` }));
    }
    await expect(canvas.getByText("20 of 20 answered")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    const answers = Object.fromEntries(
      MANY.map((question, index) => [question.id, { selected: [index % 2 === 0 ? "keep" : "change"] }]),
    );
    await expect(await expectOneEnvelope(hitl)).toEqual({ hitl: 1, kind: "questions", value: { answers } });
  },
};

/** A question with no options and no "Other" cannot be answered: the fallback lists why and still takes an answer. */
export const InvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "questions",
        questions: [
          { id: "db", prompt: "Which database?", options: [] },
          { id: "db", prompt: "Again?", options: [{ id: "x", label: "X" }] },
        ],
      },
      { prompt: PROMPT, toolName: "ask_user_question" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(group).toHaveAttribute("data-kind", "questions");
    await expect(canvas.queryByRole("radio")).toBeNull();
    await userEvent.click(within(group).getByText(/^Details \(\d+ problems?\)$/));
    await expect(within(group).getByText(/^questions\.0\.options: A question needs options/)).toBeVisible();

    await sendText(group, "Postgres, please");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "Postgres, please" });
  },
};

export const DeclineWithReason: Story = { play: states.declineWithReason(REASON) };

export const Submitting: Story = { args: { state: "submitting", answer: ANSWER }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", answer: ANSWER }, play: states.responded() };

export const Answered: Story = {
  args: {
    state: "answered",
    answer: {
      answers: {
        db: { selected: ["pg"] },
        features: { selected: ["auth", "search"], other: "Audit log" },
        notes: { selected: [], other: "Ship before Friday" },
      },
    },
  },
  play: states.answered(
    receipt({ Database: "PostgreSQL", Features: "Auth, Search · Other: Audit log", Notes: "Ship before Friday" }),
  ),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error with Retry; the questions stay operable. */
export const SendError: Story = { args: { state: "error", answer: ANSWER }, play: states.sendError() };

export const SendErrorRetry: Story = {
  args: { state: "error", answer: ANSWER },
  play: states.sendErrorRetry(receipt({ Database: "PostgreSQL", Features: "Auth, Search", Notes: "Skipped" })),
};

// ─── dark theme ──────────────────────────────────────────────────────────────────────────────────

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await userEvent.click(canvas.getByRole("radio", { name: "PostgreSQL" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Other…" }));
    await expect(canvas.getByRole("textbox", { name: "Your own answer" })).toBeVisible();
    // Submit tried with a blank Other: every problem shows (axe checks their contrast in the dark).
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Still to answer: “Features”");
    await expectNothingSent(hitl);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: Answered.args,
  play: states.answered(
    receipt({ Database: "PostgreSQL", Features: "Auth, Search · Other: Audit log", Notes: "Ship before Friday" }),
  ),
};
