import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formKind } from "../../src/kinds/form";
import { Form } from "../../src/widgets/form/form";
import type { FieldProps } from "../../src/widgets/shared/field";

/**
 * What typing in one field of a form renders again: that field, not the others. Each field's
 * markup is the shared `Field`, wrapped here to count its renders by label.
 */

const renders = vi.hoisted(() => new Map<string, number>());
vi.mock("../../src/widgets/shared/field", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/widgets/shared/field")>();
  const Counted = (props: FieldProps) => {
    const label = String(props.label);
    renders.set(label, (renders.get(label) ?? 0) + 1);
    return actual.Field(props);
  };
  return { ...actual, Field: Counted };
});

const payload = formKind.request.parse({
  kind: "form",
  fields: [
    { name: "name", label: "Name", type: "text", required: true },
    { name: "email", label: "Email", type: "email" },
    {
      name: "topics",
      label: "Topics",
      type: "multiselect",
      options: [
        { value: "a", label: "a" },
        { value: "b", label: "b" },
      ],
    },
  ],
});

describe("Form renders", () => {
  it("given one field typed in, should render that field again and not the others", async () => {
    const user = userEvent.setup();
    render(<Form payload={payload} prompt="About you" onSubmit={() => undefined} />);
    renders.clear();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveValue("Ada");
    expect(renders.get("Name")).toBeGreaterThanOrEqual(3);
    expect([...renders.keys()]).toEqual(["Name"]);

    renders.clear();
    await user.click(screen.getByRole("checkbox", { name: "b" }));
    expect(screen.getByRole("checkbox", { name: "b" })).toBeChecked();
    expect([...renders.keys()]).toEqual(["Topics"]);
  });

  it("given a submit with a field left blank, should render the fields whose error shows, and then only those that change", async () => {
    const user = userEvent.setup();
    render(<Form payload={payload} prompt="About you" onSubmit={() => undefined} />);
    renders.clear();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // The required field's error shows now; the others show nothing new.
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveAttribute("aria-invalid", "true");
    expect(renders.has("Name")).toBe(true);
    expect(renders.has("Email")).toBe(false);

    renders.clear();
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "a@b.co");
    expect(renders.has("Name")).toBe(false);
    expect(renders.get("Email")).toBeGreaterThan(0);
  });
});
