import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formKind } from "../../src/kinds/form";
import { formAnatomy } from "../../src/widgets/form/anatomy";
import type { FormApi } from "../../src/widgets/form/connect";
import { Form } from "../../src/widgets/form/form";
import { useFormContext } from "../../src/widgets/form/use-form";

/**
 * The styled form against its getters: the field markup is the shared `Field`'s, so these hold
 * the two to the same ids and ARIA a headless renderer gets from `connect`.
 */

const payload = formKind.request.parse({
  kind: "form",
  fields: [
    { type: "text", name: "name", label: "Full name", required: true, help: "As on your passport" },
    { type: "number", name: "age", label: "Age", min: 18 },
    {
      type: "multiselect",
      name: "topics",
      label: "Topics",
      required: true,
      min: 2,
      options: [
        { value: "a", label: "Art" },
        { value: "b", label: "Biology" },
      ],
    },
    { type: "checkbox", name: "terms", label: "Accept the terms", required: true },
  ],
});

function renderForm() {
  const seen: { api?: FormApi } = {};
  function Spy() {
    seen.api = useFormContext();
    return null;
  }
  render(
    <Form.Root payload={payload} onSubmit={vi.fn()}>
      <Form.Prompt>Tell us</Form.Prompt>
      <Spy />
      <Form.Body>
        <Form.Fields />
        <Form.Issues />
        <Form.Submit />
      </Form.Body>
      <Form.Status />
    </Form.Root>,
  );
  return () => {
    if (!seen.api) throw new Error("no api");
    return seen.api;
  };
}

function attributes(element: Element | null, names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, element?.getAttribute(name) ?? null]));
}
/** A getter's props as the DOM writes them (`aria-invalid: true` → "true", `htmlFor` → `for`, undefined left out). */
function asDom(props: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(props)
      .filter(([key, value]) => !key.startsWith("on") && value !== undefined)
      // A boolean attribute (`required`, `checked`) is React's to write; ARIA's are strings.
      .filter(([key, value]) => typeof value !== "boolean" || key.startsWith("aria-"))
      .map(([key, value]) => [key === "htmlFor" ? "for" : key, String(value)]),
  );
}

describe("Form renders its getters", () => {
  it("given errors shown, should give every field, label, help, error and control the getters' ids and ARIA", async () => {
    const user = userEvent.setup();
    const api = renderForm();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    for (const field of payload.fields) {
      const getters = api();
      const root = document.querySelector(`[data-slot="field"][data-type="${field.type}"]`);
      const fieldProps = asDom(getters.getFieldProps(field));
      expect(attributes(root, Object.keys(fieldProps))).toEqual(fieldProps);
      const label = asDom(getters.getLabelProps(field));
      expect(attributes(root?.querySelector('[data-slot="field-label"]') ?? null, Object.keys(label))).toEqual(label);
      const error = asDom(getters.getErrorProps(field));
      const errorNode = root?.querySelector('[data-slot="field-error"]') ?? null;
      if (getters.errorOf(field.name)) expect(attributes(errorNode, Object.keys(error))).toEqual(error);
      else expect(errorNode).toBeNull();
      if (getters.helpOf(field)) {
        const help = asDom(getters.getDescriptionProps(field));
        expect(attributes(root?.querySelector('[data-slot="field-help"]') ?? null, Object.keys(help))).toEqual(help);
      }
      if (field.type !== "multiselect") {
        const control = asDom(getters.getControlProps(field));
        const keys = Object.keys(control).filter((key) => key !== "value");
        expect(attributes(root?.querySelector('[data-slot="control"]') ?? null, keys)).toEqual(
          Object.fromEntries(keys.map((key) => [key, control[key]])),
        );
      }
    }
    // Every id the ARIA points at is in the page.
    for (const element of document.querySelectorAll("[aria-describedby], [aria-errormessage]")) {
      const ids = [element.getAttribute("aria-describedby"), element.getAttribute("aria-errormessage")].join(" ");
      for (const id of ids.split(" ").filter(Boolean)) expect(document.getElementById(id)).not.toBeNull();
    }
    expect(screen.getByRole("textbox", { name: "Full name" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("group", { name: /Topics/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("should carry only the anatomy's data-slots", async () => {
    const user = userEvent.setup();
    const { container } = render(<Form payload={payload} prompt="Tell us" onSubmit={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const slots = new Set([...container.querySelectorAll("[data-slot]")].map((e) => e.getAttribute("data-slot")));
    const known = new Set<string>(Object.values(formAnatomy));
    // The shell's inner parts (its Decline's own buttons, the status) are the shell's to name.
    const own = [...slots].filter((slot): slot is string => slot !== null && !/^(decline|status|prompt)/.test(slot));
    expect(own.filter((slot) => !known.has(slot))).toEqual([]);
    for (const slot of ["field", "field-label", "field-help", "control", "choices", "choice", "field-error", "issues"])
      expect(slots).toContain(slot);
  });
});
