import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mediaKind } from "../../src/kinds/media";
import { MediaPicker as Parts } from "../../src/widgets/media-picker/media-picker";

/**
 * The media picker's tiles, preview and receipt laid out from their leaf parts (a styled item
 * gives each its own class instead of reaching it with descendant selectors): one tile's parts
 * repeat per tile shown, and the listbox's names, descriptions, keys and order stay the widget's.
 */

const payload = (max: number) =>
  mediaKind.request.parse({
    kind: "media",
    max,
    items: [
      { id: "a", url: "https://cdn.example/a.jpg", alt: "Photo a" },
      { id: "v", url: "https://cdn.example/v.mp4", alt: "Clip v", mediaType: "video" },
      { id: "x", url: "javascript:alert(1)", alt: "Photo x" },
    ],
  });

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

/** One tile's parts, each with a class of its own, as a styled item writes them (a constant). */
const tile = (
  <Parts.Tile className="cell">
    <Parts.TileOption className="option">
      <Parts.TileThumbnail className="thumb" />
    </Parts.TileOption>
    <Parts.TilePlaceholderText className="placeholder" />
    <Parts.TileTypeBadge className="type" />
    <Parts.TileOrderBadge className="order" />
    <Parts.TileCheck className="check" />
  </Parts.Tile>
);

function Picker({ max, onSubmit }: { max: number; onSubmit?: (value: { selected: string[] }) => undefined }) {
  return (
    <Parts.Root payload={payload(max)} {...(onSubmit ? { onSubmit } : {})}>
      <Parts.Body>
        <Parts.Grid className="grid" rowClassName="row">
          {tile}
        </Parts.Grid>
        <Parts.Preview className="figure">
          <Parts.PreviewMedia className="media" />
          <Parts.PreviewCaption className="caption" />
        </Parts.Preview>
        <Parts.Submit />
      </Parts.Body>
    </Parts.Root>
  );
}

const cellOf = (name: string) => screen.getByRole("option", { name }).closest("[data-slot=cell]");

describe("the media picker's tile parts", () => {
  it("given tiles laid out from their parts, should render them per tile with your classes, the overlays where they apply", async () => {
    const user = userEvent.setup();
    render(<Picker max={3} />);
    const listbox = screen.getByRole("listbox");
    expect(listbox).toHaveClass("grid", "hitl-media-grid");
    expect(listbox.querySelector("[data-slot=grid-row]")).toHaveClass("row", "hitl-media-row");

    const photo = screen.getByRole("option", { name: "Photo a" });
    expect(classes(photo)).toEqual(["hitl-media-item", "option"]);
    expect(classes(cellOf("Photo a"))).toEqual(["cell", "hitl-media-cell"]);
    expect(photo.querySelector("img")).toHaveClass("thumb", "hitl-media-thumb");
    expect(cellOf("Photo a")?.querySelector("[data-slot=type-badge]")).toBeNull();
    expect(cellOf("Photo a")?.querySelector("[data-slot=placeholder-text]")).toBeNull();

    // A video: its type over the tile (hidden: its name says it).
    const badge = cellOf("Clip v (video)")?.querySelector("[data-slot=type-badge]");
    expect(classes(badge)).toEqual(["hitl-media-badge", "hitl-media-overlay", "type"]);
    expect(badge).toHaveAttribute("aria-hidden", "true");
    // A refused URL: a placeholder with your class, its text describing the option.
    const refused = screen.getByRole("option", { name: "Photo x" });
    expect(refused.querySelector("[data-slot=thumbnail]")).toHaveClass("thumb", "hitl-media-placeholder");
    const placeholder = cellOf("Photo x")?.querySelector("[data-slot=placeholder-text]");
    expect(placeholder).toHaveClass("placeholder");
    expect(refused).toHaveAccessibleDescription(placeholder?.textContent ?? "");

    // Several may be chosen: the order badge with your class, and "Choice n" describing the option.
    await user.click(screen.getByRole("option", { name: "Clip v (video)" }));
    await user.click(photo);
    expect(cellOf("Photo a")?.querySelector("[data-slot=order-badge]")).toHaveTextContent("2");
    expect(cellOf("Photo a")?.querySelector("[data-slot=order-badge]")).toHaveClass("order");
    expect(photo).toHaveAccessibleDescription("Choice 2");
    expect(cellOf("Photo a")?.querySelector("[data-slot=check]")).toBeNull();
    expect(cellOf("Photo a")).toHaveAttribute("data-state", "selected");

    // The preview of the active item, from its parts.
    const figure = screen.getByRole("figure");
    expect(figure).toHaveClass("figure", "hitl-media-preview");
    expect(figure.querySelector("[data-slot=preview-media]")).toHaveClass("media", "hitl-media-preview-media");
    expect(classes(figure.querySelector("figcaption"))).toEqual(["caption", "hitl-media-preview-caption"]);
    expect(figure.querySelector("figcaption")).toHaveTextContent("Photo a");
  });

  it("given one to choose, should show the check with your class on the chosen tile only", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: { selected: string[] }) => undefined>();
    render(<Picker max={1} onSubmit={onSubmit} />);
    await user.click(screen.getByRole("option", { name: "Photo a" }));
    expect(cellOf("Photo a")?.querySelector("[data-slot=check]")).toHaveClass("check", "hitl-media-order");
    expect(cellOf("Photo a")?.querySelector("[data-slot=order-badge]")).toBeNull();
    expect(cellOf("Clip v (video)")?.querySelector("[data-slot=check]")).toBeNull();
    // Keys still move through the tiles (the listbox's roving focus).
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("option", { name: "Clip v (video)" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ selected: ["a"] });
  });

  it("given an answer, should lay out the receipt's summary with your classes: list, items, thumbnails, or nothing chosen", () => {
    const { rerender } = render(
      <Parts.Root payload={payload(3)} status="answered" answer={{ selected: ["v", "a"] }}>
        <Parts.Receipt
          summary={
            <Parts.Summary className="list" itemClassName="item" thumbnailClassName="small" emptyClassName="none" />
          }
        />
      </Parts.Root>,
    );
    const list = screen.getByRole("list");
    expect(classes(list)).toEqual(["hitl-media-receipt", "list"]);
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Clip v (video)", "Photo a"]);
    for (const item of items) {
      expect(item).toHaveClass("item", "hitl-media-receipt-item");
      expect(item.querySelector("[data-slot=receipt-thumbnail]")).toHaveClass("small", "hitl-media-receipt-thumb");
    }
    rerender(
      <Parts.Root payload={payload(3)} status="answered" answer={{ selected: [] }}>
        <Parts.Receipt summary={<Parts.Summary emptyClassName="none" />} />
      </Parts.Root>,
    );
    expect(screen.queryByRole("list")).toBeNull();
    expect(document.querySelector("[data-slot=receipt-empty]")).toHaveClass("none", "hitl-help");
  });
});
