import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { AspectRatioRequest } from "../../src/kinds/aspect-ratio";
import type { WidgetStatus } from "../../src/react/widget-props";
import {
  AspectRatioPicker,
  type AspectRatioResponse,
  ratioText,
} from "../../src/widgets/aspect-ratio-picker/aspect-ratio-picker";
import { itDeclinesOnce, pressArrow, renderWidget, renderWithLabels } from "./helpers";

const payload: AspectRatioRequest = {
  kind: "aspect-ratio",
  presets: [{ ratio: "1:1", label: "Square" }, { ratio: "16:9", label: "Widescreen" }, { ratio: "9:16" }],
  custom: { min: 0.25, max: 4 },
};
const presetsOnly: AspectRatioRequest = { kind: "aspect-ratio", presets: payload.presets };

function setup(props: Partial<Parameters<typeof AspectRatioPicker>[0]> = {}) {
  return renderWidget<AspectRatioResponse>(({ onSubmit, onDecline }) => (
    <AspectRatioPicker prompt="Pick a format" payload={payload} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState("1:1");
  return (
    <>
      <AspectRatioPicker
        prompt="Pick a format"
        payload={payload}
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue("21:9")}>
        Set 21:9
      </button>
      <output>{value}</output>
    </>
  );
}

describe("AspectRatioPicker", () => {
  describe("given presets", () => {
    it("should draw each preset as a shape proportional to its ratio, named by its label and ratio", () => {
      setup();
      const wide = screen.getByRole("radio", { name: "Widescreen 16:9" });
      const shape = wide.querySelector<HTMLElement>('[data-slot="shape"]');
      expect(shape?.style.width).toBe("100%");
      expect(shape?.style.height).toBe("56.25%");
      const tall = screen.getByRole("radio", { name: "9:16" });
      expect(tall.querySelector<HTMLElement>('[data-slot="shape"]')?.style.width).toBe("56.25%");
      expect(screen.getByRole("radiogroup", { name: "Pick a format" })).toBeInTheDocument();
    });

    it("should select with the arrow keys and submit the normalized ratio once", async () => {
      const { user, onSubmit } = setup();
      await user.tab();
      expect(screen.getByRole("radio", { name: "Square 1:1" })).toHaveFocus();
      await pressArrow(user, "ArrowRight");
      expect(screen.getByRole("radio", { name: "Widescreen 16:9" })).toHaveFocus();
      expect(screen.getByRole("radio", { name: "Widescreen 16:9" })).toBeChecked();
      await pressArrow(user, "ArrowRight");
      expect(screen.getByRole("radio", { name: "9:16" })).toBeChecked();
      expect(screen.getByRole("radio", { name: "Widescreen 16:9" })).not.toBeChecked();
      await user.tab();
      expect(screen.getByRole("button", { name: "Use this ratio" })).toHaveFocus();
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ ratio: "9:16", width: 0.5625, height: 1 });
    });

    it("should refuse to submit without a choice", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Choose a ratio first.");
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should offer no custom choice when the request has no custom bounds", () => {
      setup({ payload: presetsOnly });
      expect(screen.getAllByRole("radio")).toHaveLength(3);
      expect(screen.queryByRole("radio", { name: "Custom" })).not.toBeInTheDocument();
    });

    it("should refuse a controlled value that is not offered", async () => {
      const { user, onSubmit } = setup({ payload: presetsOnly, value: "5:4" });
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(screen.getByRole("alert")).toHaveTextContent('"5:4" is not one of the offered ratios');
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe("given a custom ratio", () => {
    it("should submit a custom ratio within the bounds with its normalized width and height", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("radio", { name: "Custom" }));
      await user.type(screen.getByRole("spinbutton", { name: "Width" }), "3");
      await user.type(screen.getByRole("spinbutton", { name: "Height" }), "2");
      expect(screen.getByText("3:2")).toBeInTheDocument();
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ ratio: "3:2", width: 1, height: 2 / 3 });
    });

    it("should refuse a ratio out of bounds, naming the bounds as ratios", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("radio", { name: "Custom" }));
      const width = screen.getByRole("spinbutton", { name: "Width" });
      await user.type(width, "10");
      await user.type(screen.getByRole("spinbutton", { name: "Height" }), "1");
      expect(screen.getByText("Must be between 1:4 and 4:1")).toBeInTheDocument();
      expect(width).toHaveAttribute("aria-invalid", "true");
      expect(width).toHaveAccessibleDescription(expect.stringContaining("Must be between 1:4 and 4:1"));
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should refuse empty and non-whole sides and focus the first invalid one", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("radio", { name: "Custom" }));
      await user.type(screen.getByRole("spinbutton", { name: "Height" }), "1.5");
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      const width = screen.getByRole("spinbutton", { name: "Width" });
      expect(width).toHaveFocus();
      expect(width).toHaveAccessibleDescription(expect.stringContaining("Must be a whole number from 1 to 99999"));
      expect(screen.getByRole("spinbutton", { name: "Height" })).toHaveAttribute("aria-invalid", "true");
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should name the bounds as ratios", () => {
      expect(ratioText(0.25)).toBe("1:4");
      expect(ratioText(4)).toBe("4:1");
      expect(ratioText(16 / 9)).toBe("16:9");
      expect(ratioText(1)).toBe("1:1");
    });
  });

  describe("given a chosen ratio", () => {
    itDeclinesOnce(setup, "None fit");

    it("should submit once on a double click", async () => {
      const { user, onSubmit } = setup({ defaultValue: "1:1" });
      await user.dblClick(screen.getByRole("button", { name: "Use this ratio" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should submit once on Enter then click", async () => {
      const { user, onSubmit } = setup({ defaultValue: "1:1" });
      await user.click(screen.getByRole("radio", { name: "Custom" }));
      await user.type(screen.getByRole("spinbutton", { name: "Width" }), "2");
      await user.type(screen.getByRole("spinbutton", { name: "Height" }), "1{Enter}");
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ ratio: "2:1", width: 1, height: 0.5 });
    });

    it("should show the refusal and accept a new submit when onSubmit refuses", async () => {
      const onSubmit = vi
        .fn()
        .mockReturnValueOnce({ ok: false, issues: [{ path: [], message: "Not now" }] })
        .mockReturnValue({ ok: true });
      const { user } = setup({ defaultValue: "1:1", onSubmit });
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Not now");
      await user.click(screen.getByRole("button", { name: "Use this ratio" }));
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });
  });

  describe("given a settled status", () => {
    it("should show the chosen shape and ratio when answered, without the choices", () => {
      const { container } = setup({ status: "answered", answer: { ratio: "16:9", width: 1, height: 0.5625 } });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      expect(screen.getByText("16:9")).toBeInTheDocument();
      expect(screen.getByText("(Widescreen)")).toBeInTheDocument();
      expect(container.querySelector('[data-slot="summary"] [data-slot="shape"]')).toHaveStyle({ height: "56.25%" });
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["declined", "Declined"],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
    ])("should show a distinct receipt when %s", (status, text) => {
      const { container } = setup({ status, answer: { ratio: "1:1", width: 1, height: 1 } });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(container.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", status);
      expect(screen.queryByText("Square")).not.toBeInTheDocument();
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and retry once", async () => {
      const onRetry = vi.fn();
      const { user } = setup({ status: "error", error: "Network down", onRetry, defaultValue: "1:1" });
      expect(screen.getByRole("alert")).toHaveTextContent("Network down");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given controlled mode", () => {
    it("should follow value and report changes through onValueChange", async () => {
      const onValueChange = vi.fn();
      const user = userEvent.setup();
      render(<Controlled onValueChange={onValueChange} />);
      expect(screen.getByRole("radio", { name: "Square 1:1" })).toBeChecked();
      await user.click(screen.getByRole("radio", { name: "9:16" }));
      expect(onValueChange).toHaveBeenLastCalledWith("9:16");
      expect(screen.getByText("9:16", { selector: "output" })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Set 21:9" }));
      expect(screen.getByRole("radio", { name: "Custom" })).toBeChecked();
      expect(screen.getByRole("spinbutton", { name: "Width" })).toHaveValue(21);
      expect(screen.getByRole("spinbutton", { name: "Height" })).toHaveValue(9);
    });

    it("should not change the choice when the owner ignores onValueChange", async () => {
      const onValueChange = vi.fn();
      const user = userEvent.setup();
      render(<AspectRatioPicker prompt="Pick" payload={payload} value="1:1" onValueChange={onValueChange} />);
      await user.click(screen.getByRole("radio", { name: "9:16" }));
      expect(onValueChange).toHaveBeenCalledWith("9:16");
      expect(screen.getByRole("radio", { name: "Square 1:1" })).toBeChecked();
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", async () => {
      const user = userEvent.setup();
      renderWithLabels(
        {
          aspectRatio: {
            submit: "Choisir",
            custom: "Autre",
            outOfBounds: (min: string, max: string) => `Entre ${min} et ${max}`,
          },
        },
        <AspectRatioPicker prompt="Format" payload={payload} />,
      );
      expect(screen.getByRole("button", { name: "Choisir" })).toBeInTheDocument();
      await user.click(screen.getByRole("radio", { name: "Autre" }));
      await user.type(screen.getByRole("spinbutton", { name: "Width" }), "1");
      await user.type(screen.getByRole("spinbutton", { name: "Height" }), "9");
      expect(within(document.body).getByText("Entre 1:4 et 4:1")).toBeInTheDocument();
    });
  });
});
