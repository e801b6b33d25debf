import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useCallback } from "react";
import type { Validated } from "../../src/core/issues";
import type { SubmitResult } from "../../src/react/widget-props";
import { Field } from "../../src/widgets/shared/field";
import { TextControl } from "../../src/widgets/shared/text-control";
import { useDraft } from "../../src/widgets/shared/use-draft";

type Contact = { name: string; city: string };
const fields: readonly { name: keyof Contact; label: string }[] = [
  { name: "name", label: "Name" },
  { name: "city", label: "City" },
];

/** A custom widget's draft: two required text fields. */
function ContactForm({ onSubmit }: { onSubmit: (value: Contact) => SubmitResult | undefined }) {
  const validate = useCallback((draft: Contact): Validated<Contact> => {
    const issues = fields
      .filter((field) => draft[field.name].trim() === "")
      .map((field) => ({ path: [field.name], message: "Required" }));
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: draft };
  }, []);
  const draft = useDraft({
    defaultValue: { name: "", city: "" },
    validate,
    fields,
    status: "open",
    onSubmit,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        draft.submit();
      }}
    >
      {fields.map((field) => {
        const { name } = field;
        return (
          <Field key={name} label={field.label} required error={draft.error(name)}>
            {(control) => (
              <TextControl
                {...control}
                name={name}
                required
                value={draft.value[name]}
                onValueChange={(next) => draft.setValue((previous) => ({ ...previous, [name]: next }))}
                onBlur={() => draft.touch(name)}
                ref={(element) => draft.registerControl(name, element)}
              />
            )}
          </Field>
        );
      })}
      {draft.summary.length > 0 && (
        <ul aria-label="Problems">
          {draft.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <button type="submit">Send</button>
    </form>
  );
}

function setup(onSubmit: (value: Contact) => SubmitResult | undefined = () => undefined) {
  const send = vi.fn(onSubmit);
  render(<ContactForm onSubmit={send} />);
  return { user: userEvent.setup(), send };
}

describe("useDraft", () => {
  it("given an untouched field, should show no error until it is left", async () => {
    const { user } = setup();
    const name = screen.getByRole("textbox", { name: /Name/ });
    expect(name).not.toHaveAttribute("aria-invalid");
    await user.click(name);
    await user.tab();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Required");
    expect(screen.getByRole("textbox", { name: /City/ })).not.toHaveAttribute("aria-invalid");
  });

  it("given a submit with problems, should send nothing, focus the first invalid field and list every problem", async () => {
    const { user, send } = setup();
    await user.type(screen.getByRole("textbox", { name: /City/ }), "Oslo");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveFocus();
    expect(screen.getByRole("list", { name: "Problems" })).toHaveTextContent("Name: Required");
  });

  it("given a refused answer, should show the refusal on its field until that draft changes", async () => {
    const { user, send } = setup(() => ({
      ok: false,
      issues: [{ path: ["city"], message: "No such city" }],
    }));
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /City/ }), "Atlantis");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledWith({ name: "Ada", city: "Atlantis" });
    const city = screen.getByRole("textbox", { name: /City/ });
    expect(city).toHaveFocus();
    expect(city).toHaveAccessibleDescription("No such city");
    await user.type(city, "!");
    expect(city).not.toHaveAttribute("aria-invalid");
  });

  it("given a valid draft sent twice quickly, should send it once", async () => {
    const { user, send } = setup();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /City/ }), "Oslo{Enter}{Enter}");
    expect(send).toHaveBeenCalledTimes(1);
  });
});
