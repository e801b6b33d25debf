import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AspectRatioRequest } from "../../src/kinds/aspect-ratio";
import {
  type AspectRatioResponse,
  AspectRatioPicker as Parts,
} from "../../src/widgets/aspect-ratio-picker/aspect-ratio-picker";
import { pressArrow } from "./helpers";

/**
 * The aspect-ratio picker laid out from its leaf parts (a styled item gives each its own class
 * instead of reaching it with descendant selectors): one option's parts repeat per option, the
 * custom W:H is its fields, preview, bounds and error, and the radio group's names, keys and the
 * inputs' labels and descriptions stay the widget's.
 */

const payload: AspectRatioRequest = {
  kind: "aspect-ratio",
  presets: [{ ratio: "1:1", label: "Square" }, { ratio: "9:16" }],
  custom: { min: 0.25, max: 4 },
};

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

/** One option's parts, as a styled item writes them (a constant). */
const option = (
  <Parts.Option className="option">
    <Parts.OptionShape className="frame" shapeClassName="box" />
    <Parts.OptionLabel className="label" />
    <Parts.OptionRatio className="ratio" />
  </Parts.Option>
);
const field = (
  <>
    <Parts.CustomColon className="colon" />
    <Parts.CustomLabel className="side-label" />
    <Parts.CustomInput className="side-input" />
    <Parts.CustomFieldError className="side-error" />
  </>
);

function Picker({ onSubmit }: { onSubmit: (value: AspectRatioResponse) => undefined }) {
  return (
    <Parts.Root payload={payload} onSubmit={onSubmit}>
      <Parts.Body>
        <Parts.Options className="group">{option}</Parts.Options>
        <Parts.Custom className="custom">
          <Parts.CustomFields className="fields">
            <Parts.CustomField side="width" className="field">
              {field}
            </Parts.CustomField>
            <Parts.CustomField side="height" className="field">
              {field}
            </Parts.CustomField>
            <Parts.CustomPreview className="preview" frameClassName="preview-frame" shapeClassName="preview-box" />
          </Parts.CustomFields>
          <Parts.CustomRange className="range" />
          <Parts.CustomError className="out-of-bounds" />
        </Parts.Custom>
        <Parts.Submit />
      </Parts.Body>
    </Parts.Root>
  );
}

describe("the aspect-ratio picker's parts", () => {
  it("given one option's parts, should render them per option with your classes, named as before, moved by arrow keys", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: AspectRatioResponse) => undefined>();
    render(<Picker onSubmit={onSubmit} />);
    expect(screen.getByRole("radiogroup")).toHaveClass("group", "hitl-aspect-ratio-options");
    const square = screen.getByRole("radio", { name: "Square 1:1" });
    expect(classes(square)).toEqual(["hitl-aspect-ratio-option", "option"]);
    expect(square.querySelector("[data-slot=shape-frame]")).toHaveClass("frame", "hitl-aspect-ratio-frame");
    expect(square.querySelector("[data-slot=shape]")).toHaveClass("box", "hitl-aspect-ratio-shape");
    expect(classes(square.querySelector("[data-slot=option-label]"))).toEqual([
      "hitl-aspect-ratio-option-label",
      "label",
    ]);
    expect(classes(square.querySelector("[data-slot=option-ratio]"))).toEqual([
      "hitl-aspect-ratio-option-ratio",
      "ratio",
    ]);
    // A preset without a label is named by its ratio, once; Custom draws an empty frame.
    expect(screen.getByRole("radio", { name: "9:16" }).querySelector("[data-slot=option-ratio]")).toBeNull();
    expect(screen.getByRole("radio", { name: "Custom" }).querySelector("[data-slot=shape]")).toHaveAttribute(
      "data-empty",
    );

    await user.click(square);
    expect(square).toHaveAttribute("data-state", "checked");
    await pressArrow(user, "ArrowRight");
    expect(screen.getByRole("radio", { name: "9:16" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Use this ratio" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ ratio: "9:16", width: 9 / 16, height: 1 });
  });

  it("given Custom laid out from its parts, should keep labels, errors and the live preview on your elements", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: AspectRatioResponse) => undefined>();
    render(<Picker onSubmit={onSubmit} />);
    expect(document.querySelector("[data-slot=custom]")).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Custom" }));
    expect(document.querySelector("[data-slot=custom]")).toHaveClass("custom", "hitl-aspect-ratio-custom");
    expect(document.querySelector("[data-slot=custom-fields]")).toHaveClass("fields");

    const width = screen.getByRole("spinbutton", { name: "Width" });
    const height = screen.getByRole("spinbutton", { name: "Height" });
    expect(classes(width)).toEqual(["hitl-input", "side-input"]);
    expect(screen.getByText("Width", { selector: "label" })).toHaveClass("side-label", "hitl-label");
    expect(width.closest("[data-slot=custom-field]")).toHaveClass("field");
    // The colon sits on the height's field only, hidden from assistive tech.
    const colons = document.querySelectorAll("[data-slot=custom-colon]");
    expect(colons).toHaveLength(1);
    expect(height.closest("[data-slot=custom-field]")?.contains(colons[0] ?? null)).toBe(true);
    expect(colons[0]).toHaveClass("colon");
    expect(colons[0]).toHaveAttribute("aria-hidden", "true");
    const range = screen.getByText("Between 1:4 and 4:1.");
    expect(classes(range)).toEqual(["hitl-help", "range"]);
    expect(width).toHaveAccessibleDescription(expect.stringContaining("Between 1:4 and 4:1."));

    // A side that is not a whole number: its error with your class, describing its input.
    await user.type(width, "1.5");
    const wrong = screen.getByText("Must be a whole number from 1 to 99999");
    expect(classes(wrong)).toEqual(["hitl-field-error", "side-error"]);
    expect(width).toHaveAttribute("aria-invalid", "true");
    expect(width).toHaveAccessibleDescription(expect.stringContaining("Must be a whole number"));

    // Out of bounds: the preview is invalid (its shape's classes yours), the error said in your element.
    await user.clear(width);
    await user.type(width, "10");
    await user.type(height, "1");
    const preview = document.querySelector("[data-slot=preview]");
    expect(preview).toHaveClass("preview", "hitl-aspect-ratio-preview");
    expect(preview).toHaveAttribute("data-invalid");
    expect(preview?.querySelector("[data-slot=shape-frame]")).toHaveClass("preview-frame");
    expect(preview?.querySelector("[data-slot=shape]")).toHaveClass("preview-box");
    expect(screen.getByText("Must be between 1:4 and 4:1")).toHaveClass("out-of-bounds", "hitl-field-error");
    await user.click(screen.getByRole("button", { name: "Use this ratio" }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(width);
    await user.type(width, "3");
    await user.clear(height);
    await user.type(height, "2");
    expect(preview).not.toHaveAttribute("data-invalid");
    await user.click(screen.getByRole("button", { name: "Use this ratio" }));
    expect(onSubmit).toHaveBeenCalledWith({ ratio: "3:2", width: 1, height: 2 / 3 });
  });

  it("given an answer, should draw the receipt's shape with frameClassName and shapeClassName", () => {
    render(
      <Parts.Root payload={payload} status="answered">
        <Parts.Summary answer={{ ratio: "1:1", width: 1, height: 1 }} frameClassName="f" shapeClassName="s" />
      </Parts.Root>,
    );
    const summary = document.querySelector("[data-slot=summary]");
    expect(summary?.querySelector("[data-slot=shape-frame]")).toHaveClass("f", "hitl-aspect-ratio-frame");
    expect(summary?.querySelector("[data-slot=shape]")).toHaveClass("s", "hitl-aspect-ratio-shape");
    expect(summary).toHaveTextContent("Ratio 1:1 (Square)");
  });

  it("given an option's part outside an option, should say where it belongs", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <Parts.Root payload={payload}>
          <Parts.OptionLabel />
        </Parts.Root>,
      ),
    ).toThrow("<OptionLabel> must be inside an aspect-ratio picker's Option.");
    error.mockRestore();
  });
});
