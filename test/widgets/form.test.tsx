import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { type FormResponse, type FormValues, formKind } from "../../src/kinds/form";
import type { WidgetStatus } from "../../src/react/widget-props";
import { Form, type FormProps } from "../../src/widgets/form/form";
import { itDeclinesOnce, renderWidget, renderWithLabels } from "./helpers";

const payload = formKind.request.parse({
  kind: "form",
  fields: [
    { type: "text", name: "name", label: "Full name", required: true, help: "As on your passport" },
    { type: "email", name: "email", label: "Email", required: true },
    { type: "number", name: "age", label: "Age", min: 18, max: 99, integer: true },
    {
      type: "select",
      name: "plan",
      label: "Plan",
      required: true,
      options: [
        { value: "basic", label: "Basic" },
        { value: "pro", label: "Pro" },
      ],
    },
    {
      type: "multiselect",
      name: "topics",
      label: "Topics",
      min: 2,
      max: 3,
      options: [
        { value: "a", label: "Art" },
        { value: "b", label: "Biology" },
        { value: "c", label: "Chemistry" },
        { value: "d", label: "Drama" },
      ],
    },
    { type: "checkbox", name: "terms", label: "Accept the terms", required: true },
    { type: "textarea", name: "notes", label: "Notes" },
    { type: "date", name: "start", label: "Start date" },
    { type: "url", name: "site", label: "Website" },
  ],
});

function renderForm(props: Partial<FormProps> = {}) {
  return renderWidget<FormResponse>((handlers) => (
    <Form payload={payload} prompt="Tell us about you" {...handlers} {...props} />
  ));
}

const submitButton = () => screen.getByRole("button", { name: "Submit" });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ada Lovelace");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "ada@example.com");
  await user.selectOptions(screen.getByRole("combobox", { name: "Plan" }), "pro");
  await user.click(screen.getByRole("checkbox", { name: "Accept the terms" }));
}

function Controlled({ changes }: { changes: FormValues[] }) {
  const [values, setValues] = useState<FormValues>({ name: "Grace", age: 40 });
  return (
    <Form
      payload={payload}
      prompt="Tell us about you"
      value={values}
      onValueChange={(next) => {
        changes.push(next);
        setValues(next);
      }}
    />
  );
}

describe("Form", () => {
  describe("given a filled form", () => {
    it("should submit once with typed values, leaving empty optional fields out", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      await user.type(screen.getByRole("spinbutton", { name: "Age" }), "30");
      const topics = screen.getByRole("group", { name: "Topics" });
      await user.click(within(topics).getByRole("checkbox", { name: "Chemistry" }));
      await user.click(within(topics).getByRole("checkbox", { name: "Art" }));
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({
        values: {
          name: "Ada Lovelace",
          email: "ada@example.com",
          age: 30,
          plan: "pro",
          topics: ["a", "c"],
          terms: true,
        },
      });
      const [answer] = onSubmit.mock.calls[0] ?? [];
      expect(typeof answer?.values.age).toBe("number");
    });

    it("should use the payload's submitLabel for the submit button", async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn(() => undefined);
      render(
        <Form
          payload={formKind.request.parse({
            kind: "form",
            submitLabel: "Book it",
            fields: [{ type: "text", name: "a", label: "A" }],
          })}
          prompt="Book"
          onSubmit={onSubmit}
        />,
      );
      await user.click(screen.getByRole("button", { name: "Book it" }));
      expect(onSubmit).toHaveBeenCalledWith({ values: {} });
    });
  });

  describe("given missing required fields", () => {
    it("should focus the first invalid field, list the issues and not submit", async () => {
      const { user, onSubmit } = renderForm();
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      const name = screen.getByRole("textbox", { name: "Full name" });
      expect(name).toHaveFocus();
      expect(name).toHaveAttribute("aria-invalid", "true");
      expect(name).toHaveAccessibleDescription("As on your passport Required");
      const summary = screen.getByRole("alert");
      expect(summary).toHaveTextContent("Full name: Required");
      expect(summary).toHaveTextContent("Email: Required");
      expect(summary).toHaveTextContent("Plan: Required");
      expect(summary).toHaveTextContent("Accept the terms: Must be checked");
      expect(within(summary).getAllByRole("listitem")).toHaveLength(4);
    });

    it("should focus the first invalid field in field order when earlier ones are valid", async () => {
      const { user, onSubmit } = renderForm();
      await user.type(screen.getByRole("textbox", { name: "Full name" }), "Ada");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
    });
  });

  describe("given a field being typed in for the first time", () => {
    it("should not show its error until it is left", async () => {
      const { user } = renderForm();
      const email = screen.getByRole("textbox", { name: "Email" });
      await user.type(email, "not-an-email");
      expect(email).not.toHaveAttribute("aria-invalid");
      expect(screen.queryByText("Must be a valid email address")).not.toBeInTheDocument();
      await user.tab();
      expect(email).toHaveAttribute("aria-invalid", "true");
      expect(email).toHaveAccessibleDescription("Must be a valid email address");
    });
  });

  describe("given invalid values", () => {
    it("should refuse a number out of range inline", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      const age = screen.getByRole("spinbutton", { name: "Age" });
      await user.type(age, "12");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(age).toHaveFocus();
      expect(age).toHaveAccessibleDescription("Must be at least 18");
    });

    it("should refuse a bad email inline", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      const email = screen.getByRole("textbox", { name: "Email" });
      await user.clear(email);
      await user.type(email, "ada@");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(email).toHaveFocus();
      expect(email).toHaveAccessibleDescription("Must be a valid email address");
    });

    it("should refuse too few and too many multiselect choices", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      const topics = screen.getByRole("group", { name: "Topics" });
      await user.click(within(topics).getByRole("checkbox", { name: "Art" }));
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(within(topics).getByRole("checkbox", { name: "Art" })).toHaveFocus();
      expect(topics).toHaveAccessibleDescription("Choose 2 to 3. Select at least 2 options");
      for (const name of ["Biology", "Chemistry", "Drama"])
        await user.click(within(topics).getByRole("checkbox", { name }));
      expect(topics).toHaveAccessibleDescription("Choose 2 to 3. Select at most 3 options");
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      await user.click(within(topics).getByRole("checkbox", { name: "Drama" }));
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0]?.[0].values.topics).toEqual(["a", "b", "c"]);
    });

    it("should refuse an unchecked required checkbox and focus it", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      const terms = screen.getByRole("checkbox", { name: "Accept the terms" });
      await user.click(terms);
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(terms).toHaveFocus();
      expect(terms).toHaveAccessibleDescription("Must be checked");
    });

    it("should show the issues onSubmit refuses with next to their field", async () => {
      const refuse = vi.fn(() => ({
        ok: false as const,
        issues: [{ path: ["values", "email"], message: "Already taken" }],
      }));
      const { user } = renderForm({ onSubmit: refuse });
      await fillRequired(user);
      await user.click(submitButton());
      expect(refuse).toHaveBeenCalledTimes(1);
      const email = screen.getByRole("textbox", { name: "Email" });
      expect(email).toHaveAccessibleDescription("Already taken");
      expect(email).toHaveFocus();
    });
  });

  describe("given a valid form submitted twice", () => {
    it("should call onSubmit once on a double click", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      await user.dblClick(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should call onSubmit once on Enter then click", async () => {
      const { user, onSubmit } = renderForm();
      await fillRequired(user);
      await user.click(screen.getByRole("textbox", { name: "Full name" }));
      await user.keyboard("{Enter}");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should allow another submit once the status moved on", async () => {
      const { user, onSubmit, rerender } = renderForm();
      await fillRequired(user);
      await user.click(submitButton());
      rerender(
        <Form payload={payload} prompt="Tell us about you" onSubmit={onSubmit} status="error" error="offline" />,
      );
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });
  });

  describe("given Decline", () => {
    itDeclinesOnce(renderForm, "Not now");
  });

  describe("given a settled request", () => {
    const answer = {
      values: { name: "Ada", email: "ada@example.com", age: 30, plan: "pro", topics: ["a", "c"], terms: true },
    };

    it("should show the answered values as label → value, without controls", () => {
      renderForm({ status: "answered", answer });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      const rows = screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(rows).toEqual([
        ["Full name", "Ada"],
        ["Email", "ada@example.com"],
        ["Age", "30"],
        ["Plan", "Pro"],
        ["Topics", "Art, Chemistry"],
        ["Accept the terms", "Yes"],
        ["Notes", "—"],
        ["Start date", "—"],
        ["Website", "—"],
      ]);
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
      ["declined", "Declined"],
    ])("given status %s, should show its own receipt and no values", (status, text) => {
      const { container } = renderForm({ status, answer, declineReason: status === "declined" ? "Busy" : undefined });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(screen.queryByRole("term")).not.toBeInTheDocument();
      expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
      if (status === "declined") expect(screen.getByText("Reason: Busy")).toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and call onRetry once on Retry", async () => {
      const { user, onRetry } = renderForm({ status: "error", error: "Network down" });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Network down");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given controlled values", () => {
    it("should show value and report changes through onValueChange", async () => {
      const user = userEvent.setup();
      const changes: FormValues[] = [];
      render(<Controlled changes={changes} />);
      const name = screen.getByRole("textbox", { name: "Full name" });
      expect(name).toHaveValue("Grace");
      expect(screen.getByRole("spinbutton", { name: "Age" })).toHaveValue(40);
      await user.type(name, "!");
      expect(name).toHaveValue("Grace!");
      expect(changes.at(-1)).toEqual({ name: "Grace!", age: 40 });
    });

    it("should not change when the parent ignores onValueChange", async () => {
      const user = userEvent.setup();
      const onValueChange = vi.fn();
      render(<Form payload={payload} prompt="Q" value={{ name: "Fixed" }} onValueChange={onValueChange} />);
      const name = screen.getByRole("textbox", { name: "Full name" });
      await user.type(name, "x");
      expect(onValueChange).toHaveBeenCalledWith({ name: "Fixedx" });
      expect(name).toHaveValue("Fixed");
    });
  });

  describe("given defaults in the payload", () => {
    it("should pre-fill them", () => {
      render(
        <Form
          prompt="Q"
          payload={formKind.request.parse({
            kind: "form",
            fields: [
              { type: "text", name: "city", label: "City", default: "Paris" },
              { type: "number", name: "n", label: "N", default: 3 },
              { type: "checkbox", name: "ok", label: "OK", default: true },
            ],
          })}
        />,
      );
      expect(screen.getByRole("textbox", { name: "City" })).toHaveValue("Paris");
      expect(screen.getByRole("spinbutton", { name: "N" })).toHaveValue(3);
      expect(screen.getByRole("checkbox", { name: "OK" })).toBeChecked();
    });
  });

  describe("given label overrides", () => {
    it("should use them", async () => {
      const user = userEvent.setup();
      renderWithLabels(
        {
          form: { selectPlaceholder: "Pick one", issue: (label: string, message: string) => `${label} — ${message}` },
          common: { submit: "Send" },
        },
        <Form payload={payload} prompt="Q" onSubmit={vi.fn()} />,
      );
      expect(screen.getByRole("option", { name: "Pick one" })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Full name — Required");
    });
  });

  describe("given a 25-field form", () => {
    it("should render every field and submit the one filled by keyboard", async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn(() => undefined);
      const fields = Array.from({ length: 25 }, (_, i) => ({
        type: "text",
        name: `f${i + 1}`,
        label: `Field ${i + 1}`,
      }));
      render(<Form payload={formKind.request.parse({ kind: "form", fields })} prompt="Long" onSubmit={onSubmit} />);
      expect(screen.getAllByRole("textbox")).toHaveLength(25);
      await user.click(screen.getByRole("textbox", { name: "Field 1" }));
      for (let i = 0; i < 24; i++) await user.tab();
      expect(screen.getByRole("textbox", { name: "Field 25" })).toHaveFocus();
      await user.keyboard("last{Enter}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ values: { f25: "last" } });
    });
  });
});
