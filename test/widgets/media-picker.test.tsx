import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mediaKind } from "../../src/kinds/media";
import type { WidgetStatus } from "../../src/react/widget-props";
import {
  MediaPicker,
  type MediaPickerProps,
  type MediaPickerResponse,
} from "../../src/widgets/media-picker/media-picker";
import { itDeclinesOnce, renderWidget, renderWithLabels } from "./helpers";

type RawItem = { id: string; url: string; alt?: string; mediaType?: "image" | "video" | "audio" } & Record<
  string,
  unknown
>;

function payloadOf(items: RawItem[], bounds: { min?: number; max?: number } = {}) {
  return mediaKind.request.parse({ kind: "media", items, ...bounds });
}

/** Nine images a…i, alt "Photo a"…; 4 columns in jsdom, so a–d / e–h / i. */
function images(count = 9): RawItem[] {
  return Array.from({ length: count }, (_, index) => {
    const id = String.fromCharCode(97 + index);
    return { id, url: `https://cdn.example/${id}.jpg`, alt: `Photo ${id}` };
  });
}

function renderPicker(props: Partial<MediaPickerProps> & { payload: MediaPickerProps["payload"] }) {
  return renderWidget<MediaPickerResponse>((handlers) => <MediaPicker prompt="Pick photos" {...handlers} {...props} />);
}

/** A parent that owns the selection, as an app would. */
function StatefulParent(props: Pick<MediaPickerProps, "payload" | "onSubmit">) {
  const [ids, setIds] = useState<string[]>([]);
  return <MediaPicker prompt="Pick photos" value={ids} onValueChange={setIds} {...props} />;
}

function option(name: string | RegExp) {
  return screen.getByRole("option", { name });
}

/** The option's grid cell, which also holds its visible badges. */
function cell(name: string | RegExp): HTMLElement {
  const found = option(name).closest<HTMLElement>('[data-slot="cell"]');
  if (!found) throw new Error(`no cell for ${String(name)}`);
  return found;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MediaPicker", () => {
  describe("given a multi-select grid operated by keyboard", () => {
    it("should move with the arrows, toggle with Space and number the choices in order", async () => {
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images(), { min: 1, max: 3 }) });
      const listbox = screen.getByRole("listbox", { name: "Pick photos" });
      expect(listbox).toHaveAttribute("aria-multiselectable", "true");

      await user.tab();
      expect(option("Photo a")).toHaveFocus();
      await user.keyboard("{ArrowRight}{ArrowDown}");
      // b (column 1) + one row of 4 = f
      expect(option("Photo f")).toHaveFocus();
      await user.keyboard(" ");
      await user.keyboard("{ArrowUp}{ArrowLeft}");
      expect(option("Photo a")).toHaveFocus();
      await user.keyboard("{Enter}");

      expect(option("Photo f")).toHaveAttribute("aria-selected", "true");
      expect(option("Photo a")).toHaveAttribute("aria-selected", "true");
      expect(option("Photo b")).toHaveAttribute("aria-selected", "false");
      expect(within(cell("Photo f")).getByText("1")).toBeInTheDocument();
      expect(within(cell("Photo a")).getByText("2")).toBeInTheDocument();
      expect(option("Photo f")).toHaveAccessibleDescription("Choice 1");
      expect(screen.getByText("2 of 3 selected")).toHaveAttribute("role", "status");

      // Unselecting the first renumbers the rest.
      await user.keyboard("{ArrowRight}{ArrowDown}{ }");
      expect(option("Photo f")).toHaveAttribute("aria-selected", "false");
      expect(within(cell("Photo a")).getByText("1")).toBeInTheDocument();

      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["a"] });
    });

    it("should keep a single tab stop that follows the active option", async () => {
      const { user } = renderPicker({ payload: payloadOf(images(), { max: 3 }) });
      const tabStops = () => screen.getAllByRole("option").filter((element) => element.tabIndex === 0);
      expect(tabStops()).toHaveLength(1);
      await user.tab();
      await user.keyboard("{End}");
      expect(option("Photo i")).toHaveFocus();
      expect(tabStops()).toEqual([option("Photo i")]);
      await user.keyboard("{Home}");
      expect(option("Photo a")).toHaveFocus();
      await user.keyboard("{ArrowLeft}{ArrowUp}");
      expect(option("Photo a")).toHaveFocus();
    });

    it("should move to the next item whose name starts with a typed letter", async () => {
      const fruit = ["Apple", "Banana", "Cherry", "Blackberry"].map((alt, index) => ({
        id: `f${index}`,
        url: `https://cdn.example/${index}.jpg`,
        alt,
      }));
      const { user } = renderPicker({ payload: payloadOf(fruit, { max: 3 }) });
      await user.tab();
      await user.keyboard("b");
      expect(option("Banana")).toHaveFocus();
      // The same letter again cycles through the names starting with it.
      await user.keyboard("b");
      expect(option("Blackberry")).toHaveFocus();
      expect(option("Banana")).toHaveAttribute("aria-selected", "false");
    });

    it("should show the focused item larger in the preview", async () => {
      const { user } = renderPicker({ payload: payloadOf(images(), { max: 3 }) });
      const preview = screen.getByRole("figure");
      expect(within(preview).getByRole("img", { name: "Photo a" })).toHaveAttribute("src", "https://cdn.example/a.jpg");
      await user.tab();
      await user.keyboard("{ArrowRight}{ArrowRight}");
      expect(within(screen.getByRole("figure")).getByRole("img", { name: "Photo c" })).toHaveAttribute(
        "src",
        "https://cdn.example/c.jpg",
      );
    });
  });

  describe("given min and max", () => {
    it("should refuse a choice past max with a polite message and keep the first ones", async () => {
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images(), { min: 1, max: 2 }) });
      await user.click(option("Photo a"));
      await user.click(option("Photo b"));
      await user.click(option("Photo c"));
      expect(option("Photo c")).toHaveAttribute("aria-selected", "false");
      expect(screen.getByText("You can choose up to 2.")).toHaveAttribute("aria-live", "polite");
      expect(screen.getByText("2 of 2 selected")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["a", "b"] });
    });

    it("should refuse to submit fewer than min inline", async () => {
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images(), { min: 2, max: 3 }) });
      await user.click(option("Photo a"));
      expect(screen.getByText("1 of 3 selected (at least 2)")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Select at least 2 items (got 1)");
      expect(onSubmit).not.toHaveBeenCalled();
      // Fixing the selection clears the problem and submits.
      await user.click(option("Photo b"));
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["a", "b"] });
    });

    it("should refuse unknown ids from a default value", async () => {
      const { user, onSubmit } = renderPicker({
        payload: payloadOf(images(), { min: 1, max: 2 }),
        defaultValue: ["nope"],
      });
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(screen.getByRole("alert")).toHaveTextContent('Unknown id "nope"');
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should replace the choice in single-select", async () => {
      const onValueChange = vi.fn();
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images()), onValueChange });
      expect(screen.getByRole("listbox")).not.toHaveAttribute("aria-multiselectable");
      await user.tab();
      await user.keyboard(" {ArrowRight} ");
      expect(option("Photo a")).toHaveAttribute("aria-selected", "false");
      expect(option("Photo b")).toHaveAttribute("aria-selected", "true");
      expect(onValueChange).toHaveBeenLastCalledWith(["b"]);
      expect(screen.queryByText("You can choose up to 1.")).not.toBeInTheDocument();
      expect(screen.getByText("1 selected")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["b"] });
    });
  });

  describe("given hostile or broken media", () => {
    it("should show an unsafe URL as broken and never put it in a src", () => {
      const { container } = renderPicker({
        payload: payloadOf([
          { id: "x", url: "javascript:alert(1)", alt: "Evil" },
          { id: "y", url: "https://cdn.example/y.jpg", thumbnailUrl: "javascript:alert(2)", alt: "Evil thumb" },
          { id: "z", url: "data:text/html,<script>alert(3)</script>", mediaType: "video", alt: "Evil video" },
        ]),
      });
      for (const name of ["Evil", "Evil thumb", /Evil video/]) {
        const thumbnail = option(name).querySelector('[data-slot="thumbnail"]');
        expect(thumbnail).toHaveAttribute("data-state", "broken");
      }
      expect(option("Evil")).toHaveAccessibleDescription("Can't show this item");
      // The preview (of the first, active item) is refused too.
      expect(within(screen.getByRole("figure")).getByText("Can't show this item")).toBeInTheDocument();
      for (const element of container.querySelectorAll("[src], [poster]")) {
        expect(`${element.getAttribute("src")} ${element.getAttribute("poster")}`).not.toMatch(/javascript:|data:text/);
      }
      expect(container.innerHTML).not.toContain("javascript:");
    });

    it("should load thumbnails lazily and switch to the placeholder when one fails", async () => {
      const { container } = renderPicker({ payload: payloadOf(images(2)) });
      const image = option("Photo b").querySelector("img");
      expect(image).toHaveAttribute("loading", "lazy");
      expect(image).toHaveAttribute("decoding", "async");
      expect(image).toHaveAttribute("src", "https://cdn.example/b.jpg");
      act(() => {
        image?.dispatchEvent(new Event("error"));
      });
      expect(option("Photo b").querySelector('[data-slot="thumbnail"]')).toHaveAttribute("data-state", "broken");
      expect(option("Photo b").querySelector("img")).toBeNull();
      expect(container.querySelectorAll('[data-state="broken"]')).toHaveLength(1);
    });

    it("should badge video and audio, show posters, name them by position, and preview them with controls", async () => {
      const { user } = renderPicker({
        payload: payloadOf(
          [
            { id: "v", url: "https://cdn.example/v.mp4", mediaType: "video", posterUrl: "https://cdn.example/v.jpg" },
            { id: "s", url: "https://cdn.example/s.mp3", mediaType: "audio" },
          ],
          { max: 2 },
        ),
      });
      const video = option("Item 1 (video)");
      expect(within(cell("Item 1 (video)")).getByText("Video")).toHaveAttribute("aria-hidden", "true");
      expect(video.querySelector("img")).toHaveAttribute("src", "https://cdn.example/v.jpg");
      const audio = option("Item 2 (audio)");
      expect(within(cell("Item 2 (audio)")).getByText("Audio")).toBeInTheDocument();
      expect(within(cell("Item 2 (audio)")).getByText("No preview")).toBeInTheDocument();
      expect(audio.querySelector('[data-slot="thumbnail"]')).toHaveAttribute("data-state", "empty");

      const player = screen.getByRole("figure").querySelector("video");
      expect(player).toHaveAttribute("controls");
      expect(player).toHaveAttribute("src", "https://cdn.example/v.mp4");
      expect(player).toHaveAttribute("poster", "https://cdn.example/v.jpg");
      await user.tab();
      await user.keyboard("{ArrowRight}");
      const sound = screen.getByRole("figure").querySelector("audio");
      expect(sound).toHaveAttribute("controls");
      expect(sound).toHaveAttribute("src", "https://cdn.example/s.mp3");
    });
  });

  describe("given 10,000 items", () => {
    const ROW_HEIGHT = 128; // tileSize 120 + gap 8, at the jsdom fallback of 4 columns
    const VIEWPORT = 400;

    /** jsdom has no layout: give the grid a viewport and make scrolling move it (as a browser would). */
    function mockGridLayout() {
      const isGrid = (element: Element) => element.getAttribute("role") === "listbox";
      vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (this: HTMLElement) {
        return isGrid(this) ? VIEWPORT : 0;
      });
      vi.spyOn(Element.prototype, "clientHeight", "get").mockImplementation(function (this: Element) {
        return isGrid(this) ? VIEWPORT : 0;
      });
      vi.spyOn(Element.prototype, "scrollHeight", "get").mockImplementation(function (this: Element) {
        const sizer = this.querySelector<HTMLElement>('[data-slot="grid-sizer"]');
        return isGrid(this) && sizer ? Number.parseFloat(sizer.style.height) : 0;
      });
      const scrollTo = vi.fn(function (this: Element, options?: ScrollToOptions) {
        this.scrollTop = options?.top ?? 0;
        // Browsers fire scroll asynchronously.
        setTimeout(() => this.dispatchEvent(new Event("scroll")), 0);
      });
      Object.defineProperty(Element.prototype, "scrollTo", { value: scrollTo, configurable: true, writable: true });
      return {
        scrollTo,
        restore: () => {
          Reflect.deleteProperty(Element.prototype, "scrollTo");
        },
      };
    }

    const many = () =>
      payloadOf(
        Array.from({ length: 10_000 }, (_, index) => ({
          id: `m${index}`,
          url: `https://cdn.example/${index}.jpg`,
          alt: `Shot ${index + 1}`,
        })),
        { min: 1, max: 5 },
      );

    it("should mount only a few options yet announce the full set size", () => {
      const layout = mockGridLayout();
      try {
        renderPicker({ payload: many() });
        const options = screen.getAllByRole("option");
        expect(options.length).toBeGreaterThan(0);
        expect(options.length).toBeLessThanOrEqual(40);
        expect(options[0]).toHaveAttribute("aria-setsize", "10000");
        expect(options[0]).toHaveAttribute("aria-posinset", "1");
      } finally {
        layout.restore();
      }
    });

    it("should move to the last item on End, scroll its row in, render and focus it", async () => {
      const layout = mockGridLayout();
      try {
        const { user } = renderPicker({ payload: many() });
        await user.tab();
        expect(option("Shot 1")).toHaveFocus();
        await user.keyboard("{End}");
        const last = option("Shot 10000");
        expect(last).toHaveFocus();
        expect(last).toHaveAttribute("aria-posinset", "10000");
        expect(last).toHaveAttribute("tabindex", "0");
        const rows = 2_500;
        expect(layout.scrollTo).toHaveBeenLastCalledWith(
          expect.objectContaining({ top: rows * ROW_HEIGHT - VIEWPORT }),
        );
        // Once the scroll lands, the top rows leave the DOM and focus stays put.
        await waitFor(() => expect(screen.queryByRole("option", { name: "Shot 1" })).not.toBeInTheDocument());
        expect(option("Shot 10000")).toHaveFocus();
        expect(screen.getAllByRole("option").length).toBeLessThanOrEqual(40);

        await user.keyboard(" ");
        expect(option("Shot 10000")).toHaveAttribute("aria-selected", "true");
        await user.keyboard("{Home}");
        expect(option("Shot 1")).toHaveFocus();
        await waitFor(() => expect(screen.queryByRole("option", { name: "Shot 10000" })).not.toBeInTheDocument());
        expect(option("Shot 1")).toHaveFocus();
      } finally {
        layout.restore();
      }
    });

    it("should page by the rows that fit in the viewport", async () => {
      const layout = mockGridLayout();
      try {
        const { user } = renderPicker({ payload: many() });
        await user.tab();
        await user.keyboard("{ArrowRight}{PageDown}");
        // 400px / 128px = 3 rows of 4 columns: from index 1 to index 13.
        expect(option("Shot 14")).toHaveFocus();
        await user.keyboard("{PageUp}");
        expect(option("Shot 2")).toHaveFocus();
      } finally {
        layout.restore();
      }
    });
  });

  describe("given the shared widget behaviour", () => {
    itDeclinesOnce(() => renderPicker({ payload: payloadOf(images()) }), "None fit");

    it("should submit once on a double click", async () => {
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images()), defaultValue: ["c"] });
      await user.dblClick(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["c"] });
    });

    it("should submit once on Enter then click", async () => {
      const { user, onSubmit } = renderPicker({ payload: payloadOf(images()), defaultValue: ["c"] });
      const submit = screen.getByRole("button", { name: "Submit" });
      submit.focus();
      await user.keyboard("{Enter}");
      await user.click(submit);
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should allow another submit once the status changes", async () => {
      const payload = payloadOf(images());
      const { user, onSubmit, rerender } = renderPicker({ payload, defaultValue: ["c"] });
      await user.click(screen.getByRole("button", { name: "Submit" }));
      rerender(
        <MediaPicker prompt="Pick photos" payload={payload} onSubmit={onSubmit} status="error" error="Offline" />,
      );
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });

    it("should show the chosen thumbnails in order with their names in the answered receipt", () => {
      renderPicker({
        payload: payloadOf([...images(3), { id: "bad", url: "javascript:alert(1)", alt: "Evil" }], { max: 4 }),
        status: "answered",
        answer: { selected: ["c", "bad", "a"] },
      });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      const items = screen.getAllByRole("listitem");
      expect(items.map((item) => item.textContent)).toEqual(["Photo c", "Evil", "Photo a"]);
      expect(items[0]?.querySelector("img")).toHaveAttribute("src", "https://cdn.example/c.jpg");
      expect(items[1]?.querySelector("img")).toBeNull();
      expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("figure")).not.toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
      ["declined", "Declined"],
    ])("should show the %s receipt without the grid", (status, text) => {
      renderPicker({ payload: payloadOf(images()), status, declineReason: "Not now" });
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
      expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
      if (status === "declined") expect(screen.getByText("Reason: Not now")).toBeInTheDocument();
    });

    it("should show the send error and retry once", async () => {
      const { user, onRetry } = renderPicker({ payload: payloadOf(images()), status: "error", error: "Offline" });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Offline");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });

    it("should not toggle while the answer is being sent", async () => {
      const onValueChange = vi.fn();
      const { user } = renderPicker({ payload: payloadOf(images()), status: "submitting", onValueChange });
      expect(screen.getByRole("listbox")).toHaveAttribute("aria-disabled", "true");
      await user.click(option("Photo a"));
      expect(onValueChange).not.toHaveBeenCalled();
      expect(option("Photo a")).toHaveAttribute("aria-selected", "false");
    });

    it("should follow value and report changes in controlled mode", async () => {
      const onValueChange = vi.fn();
      const user = userEvent.setup();
      const payload = payloadOf(images(), { max: 3 });
      const { rerender } = render(
        <MediaPicker prompt="Pick photos" payload={payload} value={["b"]} onValueChange={onValueChange} />,
      );
      expect(option("Photo b")).toHaveAttribute("aria-selected", "true");
      await user.click(option("Photo a"));
      expect(onValueChange).toHaveBeenCalledWith(["b", "a"]);
      // The parent did not take the change: the selection stays what `value` says.
      expect(option("Photo a")).toHaveAttribute("aria-selected", "false");
      rerender(<MediaPicker prompt="Pick photos" payload={payload} value={["c", "b"]} onValueChange={onValueChange} />);
      expect(within(cell("Photo c")).getByText("1")).toBeInTheDocument();
      expect(within(cell("Photo b")).getByText("2")).toBeInTheDocument();
    });

    it("should work with a parent that owns the state", async () => {
      const onSubmit = vi.fn(() => undefined);
      const user = userEvent.setup();
      render(<StatefulParent payload={payloadOf(images(), { max: 3 })} onSubmit={onSubmit} />);
      await user.tab();
      await user.keyboard(" {ArrowRight}{ArrowRight} ");
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["a", "c"] });
    });

    it("should use labels from the provider", async () => {
      const user = userEvent.setup();
      renderWithLabels(
        {
          media: {
            submit: "Choisir",
            count: (selected: number, _min: number, max: number) => `${selected} sur ${max}`,
            maxReached: (max: number) => `${max} au plus.`,
            itemFallback: (position: number) => `Élément ${position}`,
          },
        },
        <MediaPicker
          prompt="Choisissez"
          payload={payloadOf([{ id: "z", url: "https://cdn.example/z.jpg" }, ...images(2)], { max: 1 })}
        />,
      );
      expect(screen.getByRole("button", { name: "Choisir" })).toBeInTheDocument();
      expect(screen.getByText("0 sur 1")).toBeInTheDocument();
      await user.click(option("Élément 1"));
      expect(screen.getByText("1 sur 1")).toBeInTheDocument();
    });
  });
});
