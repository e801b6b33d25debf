import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { type QuestionsRequest, questionsKind } from "../../src/kinds/questions";
import { createRegistry } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import type { WidgetStatus } from "../../src/react/widget-props";
import { createTestSession } from "../../src/testing/session";
import { Fallback } from "../../src/widgets/fallback/fallback";
import { questionsAnatomy } from "../../src/widgets/questions/anatomy";
import { Questions, type QuestionsResponse, type QuestionsValue } from "../../src/widgets/questions/questions";
import questionsEntry from "../../src/widgets/questions/questions.entry";
import { settle, setup as setupSession } from "../react/harness";
import { itDeclinesOnce, pressArrow, renderWidget, renderWithLabels } from "./helpers";

const request = (questions: unknown[]): QuestionsRequest =>
  questionsKind.request.parse({ kind: "questions", questions });

const set = request([
  {
    id: "db",
    header: "Database",
    prompt: "Which database should the new service use?",
    options: [
      { id: "pg", label: "PostgreSQL", description: "Relational, the team knows it", recommended: true },
      { id: "sqlite", label: "SQLite" },
    ],
  },
  {
    id: "features",
    header: "Features",
    prompt: "Which features do you want to enable?",
    options: [
      { id: "auth", label: "Auth" },
      { id: "billing", label: "Billing" },
      { id: "search", label: "Search" },
    ],
    multiple: true,
    max: 3,
    other: true,
  },
  { id: "notes", prompt: "Anything else?", other: true, optional: true },
]);

const PROMPT = "A few questions before I start";

function setup(props: Partial<Parameters<typeof Questions>[0]> = {}) {
  return renderWidget<QuestionsResponse>(({ onSubmit, onDecline }) => (
    <Questions prompt={PROMPT} payload={set} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

const submitButton = () => screen.getByRole("button", { name: "Submit" });
const question = (name: RegExp) => screen.getByRole("group", { name });
const database = () => screen.getByRole("radiogroup", { name: "Which database should the new service use?" });
const featureGroup = () => screen.getByRole("group", { name: "Which features do you want to enable?" });

describe("Questions", () => {
  describe("given a set of three questions", () => {
    it("should be answered by keyboard alone, one tab stop per group, and submit exactly the typed answer once", async () => {
      const { user, onSubmit } = setup();
      await user.tab();
      const pg = within(database()).getByRole("radio", { name: "PostgreSQL" });
      expect(pg).toHaveFocus();
      // Recommended, never chosen for the person.
      expect(pg).not.toBeChecked();
      expect(pg).toHaveAccessibleDescription("Recommended Relational, the team knows it");
      await pressArrow(user, "ArrowDown");
      expect(within(database()).getByRole("radio", { name: "SQLite" })).toHaveFocus();
      expect(within(database()).getByRole("radio", { name: "SQLite" })).toBeChecked();

      // One tab stop per group: Tab leaves the radios for the first checkbox.
      await user.tab();
      const auth = within(featureGroup()).getByRole("checkbox", { name: "Auth" });
      expect(auth).toHaveFocus();
      await user.keyboard(" ");
      expect(auth).toBeChecked();
      await user.keyboard("{End}");
      const other = within(featureGroup()).getByRole("checkbox", { name: "Other…" });
      expect(other).toHaveFocus();
      expect(screen.queryByRole("textbox", { name: "Your own answer" })).not.toBeInTheDocument();
      await user.keyboard(" ");
      expect(other).toBeChecked();
      await user.keyboard("{ArrowUp}");
      expect(within(featureGroup()).getByRole("checkbox", { name: "Search" })).toHaveFocus();
      await user.keyboard("{ArrowDown}{ArrowDown}");
      expect(auth).toHaveFocus();

      // Other's field comes right after its group.
      await user.tab();
      expect(screen.getByRole("textbox", { name: "Your own answer" })).toHaveFocus();
      await user.keyboard("Audit log");
      await user.tab();
      expect(screen.getByRole("textbox", { name: "Anything else?" })).toHaveFocus();
      await user.keyboard("Ship it Friday");
      await user.tab();
      expect(submitButton()).toHaveFocus();
      expect(submitButton()).not.toHaveAttribute("aria-disabled");
      await user.keyboard("{Enter}");
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({
        answers: {
          db: { selected: ["sqlite"] },
          features: { selected: ["auth"], other: "Audit log" },
          notes: { selected: [], other: "Ship it Friday" },
        },
      });
      // ~40 keystrokes through user-event in jsdom: 1.2–1.7 s alone, and past the 5 s default
      // once while a full run went on beside it. A bound for a loaded machine, not a speed check.
    }, 15_000);

    it("should name each question's fieldset by its header chip and prompt, and say what is answered", async () => {
      const { user, container } = setup();
      const db = question(/^Database Which database/);
      expect(db).toHaveAttribute("data-state", "unanswered");
      expect(within(db).getByText("Database")).toBeVisible();
      expect(question(/Anything else\? Optional$/)).toBeInTheDocument();
      expect(featureGroup()).toHaveAccessibleDescription("Choose up to 3.");
      const progress = container.querySelector('[data-slot="progress"]');
      expect(progress).toHaveTextContent("0 of 3 answered");
      await user.click(screen.getByText("PostgreSQL"));
      expect(db).toHaveAttribute("data-state", "answered");
      expect(within(db).getByRole("radio", { name: "PostgreSQL" })).toHaveAttribute("data-state", "checked");
      expect(progress).toHaveTextContent("1 of 3 answered");
    });

    it("should keep Submit aria-disabled with its reason until every required question is answered", async () => {
      const { user, onSubmit } = setup();
      expect(submitButton()).toHaveAttribute("aria-disabled", "true");
      expect(submitButton()).toHaveAccessibleDescription("2 questions still need an answer.");
      await user.click(screen.getByRole("radio", { name: "SQLite" }));
      expect(submitButton()).toHaveAccessibleDescription("1 question still needs an answer.");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole("alert")).toHaveTextContent("Still to answer: “Features”");
      expect(featureGroup()).toHaveAccessibleDescription("Choose up to 3. Answer this question.");
      // The optional question is not asked for.
      expect(question(/Anything else/)).not.toHaveAttribute("data-invalid");

      await user.click(screen.getByRole("checkbox", { name: "Search" }));
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(submitButton()).not.toHaveAttribute("aria-disabled");
      await user.dblClick(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({
        answers: { db: { selected: ["sqlite"] }, features: { selected: ["search"] } },
      });
    });

    it("should not send a chosen Other with a blank text", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("radio", { name: "PostgreSQL" }));
      await user.click(screen.getByRole("checkbox", { name: "Other…" }));
      await user.type(screen.getByRole("textbox", { name: "Your own answer" }), "   ");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole("textbox", { name: "Your own answer" })).toHaveAccessibleDescription(
        "Write your own answer, or unchoose “Other”.",
      );
    });
  });

  describe("given bounds", () => {
    const bounded = request([
      {
        id: "langs",
        prompt: "Which languages?",
        options: ["de", "fr", "ja"].map((id) => ({ id, label: id.toUpperCase() })),
        multiple: true,
        min: 2,
        max: 2,
        other: true,
      },
    ]);

    it("should refuse a choice past max politely and say too few below min", async () => {
      const { user, container, onSubmit } = setup({ payload: bounded });
      expect(screen.getByText("Choose 2.")).toBeVisible();
      await user.click(screen.getByRole("checkbox", { name: "DE" }));
      await user.click(submitButton());
      expect(screen.getByText("Choose at least 2 (1 chosen).")).toBeVisible();
      await user.click(screen.getByRole("checkbox", { name: "FR" }));
      await user.click(screen.getByRole("checkbox", { name: "Other…" }));
      expect(screen.getByRole("checkbox", { name: "Other…" })).not.toBeChecked();
      const notice = container.querySelector('[data-slot="notice"]');
      expect(notice).toHaveAttribute("aria-live", "polite");
      expect(notice).toHaveTextContent("You can choose at most 2. Uncheck one to choose another.");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ answers: { langs: { selected: ["de", "fr"] } } });
    });
  });

  describe("given an optional question with options", () => {
    it("should clear its answer and leave it out", async () => {
      const payload = request([
        { id: "tone", prompt: "Which tone?", options: [{ id: "formal", label: "Formal" }], optional: true },
      ]);
      const { user, onSubmit } = setup({ payload });
      await user.click(screen.getByRole("radio", { name: "Formal" }));
      await user.click(screen.getByRole("button", { name: "Clear answer" }));
      expect(screen.getByRole("radio", { name: "Formal" })).not.toBeChecked();
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ answers: {} });
    });
  });

  describe("given a decline", () => {
    itDeclinesOnce(setup, "Not now");
  });

  describe("given a settled status", () => {
    it("should show each question with its answer, without anything to operate", () => {
      setup({
        status: "answered" as WidgetStatus,
        answer: { answers: { db: { selected: ["pg"] }, features: { selected: ["auth", "search"], other: "Audit" } } },
      });
      const terms = screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(terms).toEqual([
        ["Database", "PostgreSQL"],
        ["Features", "Auth, Search · Other: Audit"],
        ["Anything else?", "Skipped"],
      ]);
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
      expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });
  });

  describe("given controlled mode", () => {
    it("should follow the owner's value, tell each change once, and keep the owner's value when it ignores one", async () => {
      const told: QuestionsValue[] = [];
      function Owner({ follow }: { follow: boolean }) {
        const [value, setValue] = useState<QuestionsValue>({ db: { selected: ["pg"] } });
        return (
          <>
            <Questions
              prompt={PROMPT}
              payload={set}
              value={value}
              onValueChange={(next) => {
                told.push(next);
                if (follow) setValue(next);
              }}
            />
            <button type="button" onClick={() => setValue({ features: { selected: ["billing", "ghost"] } })}>
              Reset
            </button>
          </>
        );
      }
      const errors = vi.spyOn(console, "error");
      const { user, rerender } = renderWidget(() => (
        <StrictMode>
          <Owner follow />
        </StrictMode>
      ));
      expect(screen.getByRole("radio", { name: "PostgreSQL" })).toBeChecked();
      await user.click(screen.getByRole("radio", { name: "SQLite" }));
      expect(told).toEqual([{ db: { selected: ["sqlite"] } }]);
      expect(screen.getByRole("radio", { name: "SQLite" })).toBeChecked();
      await user.click(screen.getByRole("button", { name: "Reset" }));
      expect(screen.getByRole("checkbox", { name: "Billing" })).toBeChecked();
      expect(screen.getByRole("radio", { name: "SQLite" })).not.toBeChecked();
      expect(told).toHaveLength(1);

      rerender(<Owner follow={false} />);
      await user.click(screen.getByRole("radio", { name: "SQLite" }));
      expect(screen.getByRole("radio", { name: "PostgreSQL" })).toBeChecked();
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    });
  });

  describe("given its anatomy", () => {
    it("should give every element it renders a data-slot named in the anatomy", async () => {
      const { user, container } = setup();
      await user.click(screen.getByRole("checkbox", { name: "Other…" }));
      await user.click(submitButton());
      const slots = new Set(Object.values(questionsAnatomy) as string[]);
      const used = [...container.querySelectorAll("[data-slot]")].map((element) => element.getAttribute("data-slot"));
      for (const slot of used) expect(slots.has(slot ?? "")).toBe(true);
      for (const slot of ["question", "question-legend", "question-prompt", "options", "option", "other-input"]) {
        expect(used).toContain(slot);
      }
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", () => {
      renderWithLabels(
        { questions: { submit: "Envoyer", other: "Autre…", recommended: "Conseillé" } },
        <Questions prompt={PROMPT} payload={set} />,
      );
      expect(screen.getByRole("button", { name: "Envoyer" })).toBeInTheDocument();
      expect(screen.getByRole("checkbox", { name: "Autre…" })).toBeInTheDocument();
      expect(screen.getByText("Conseillé")).toBeVisible();
    });
  });
});

describe("Questions in a registry", () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  const registry = createRegistry(questionsEntry);

  it("given a valid request, should render the widget and send the one answer", async () => {
    const session = createTestSession();
    const ref = session.ask({
      toolName: "ask_user_question",
      input: {
        prompt: "Quick check",
        ui: { kind: "questions", questions: [{ id: "go", prompt: "Go?", options: [{ id: "y", label: "Yes" }] }] },
      },
    });
    setupSession({ session, provider: { registry }, children: <HitlRenderer fallback={Fallback} /> });
    await settle(session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Yes" }));
    await user.click(submitButton());
    await settle(session);
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(await screen.findByText("Answered")).toBeInTheDocument();
  });

  it("given a bad payload, should render the answerable fallback and warn with the issues", async () => {
    const session = createTestSession();
    session.ask({
      toolName: "ask_user_question",
      input: {
        prompt: "Quick check",
        ui: { kind: "questions", questions: [{ id: "go", prompt: "Go?", options: [], multiple: true, min: 3 }] },
      },
    });
    setupSession({ session, provider: { registry }, children: <HitlRenderer fallback={Fallback} /> });
    await settle(session);
    const group = await screen.findByRole("group", { name: "Quick check" });
    expect(group).toHaveAttribute("data-reason", "invalid-payload");
    expect(group).toHaveAttribute("data-kind", "questions");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Your answer" })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(String(warn.mock.calls[0]?.[0])).toContain("questions.0.options");
  });
});
