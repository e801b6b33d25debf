import { act, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import type { FormRequest } from "../../src/kinds/form";
import { patternEngine } from "../../src/kinds/pattern-engine";
import { Form } from "../../src/widgets/form/form";

/**
 * A `Form` rendered directly (not through the registry) with a field pattern, before the pattern
 * engine has loaded (test/setup.ts leaves it unloaded in this file): the form suspends until it
 * is in, then checks values with it. Without that, every value would be refused.
 */
describe("a Form with a pattern, rendered before the pattern engine has loaded", () => {
  const payload: FormRequest = {
    kind: "form",
    fields: [{ type: "text", name: "code", label: "Code", required: true, pattern: "[A-Z]{3}" }],
  };

  it("given the engine not loaded yet, should suspend, then check the pattern once it is in", async () => {
    expect(patternEngine()).toBeUndefined();
    const onSubmit = vi.fn();
    // Rendered inside an awaited act: React only retries a render that suspended in one.
    await act(async () => {
      render(
        <Suspense fallback={<p>Waiting</p>}>
          <Form payload={payload} prompt="Your code" onSubmit={onSubmit} />
        </Suspense>,
      );
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const field = await screen.findByRole("textbox", { name: /Code/ });
    expect(patternEngine()).toBeDefined();
    fireEvent.change(field, { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findAllByText("Must match the pattern [A-Z]{3}")).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: "ABC" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ values: { code: "ABC" } });
  });
});
