import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { Form } from "../../src/widgets/form/form";
import { MediaPicker } from "../../src/widgets/media-picker/media-picker";

/** `asChild` on parts that render one element: your element gets the part's props, class and content. */

const media = mediaKind.request.parse({
  kind: "media",
  items: [{ id: "a", url: "https://example.com/a.png", mediaType: "image", alt: "A" }],
  max: 2,
});
const form = formKind.request.parse({ kind: "form", fields: [{ name: "email", label: "Email", type: "email" }] });

describe("asChild", () => {
  it("should put the media picker's Count and Message on your elements, with their live regions and text", () => {
    render(
      <MediaPicker.Root payload={media}>
        <MediaPicker.Count asChild>
          <output className="mine" />
        </MediaPicker.Count>
        <MediaPicker.Message asChild>
          <small />
        </MediaPicker.Message>
      </MediaPicker.Root>,
    );
    const count = screen.getByText(/selected/);
    expect(count.tagName).toBe("OUTPUT");
    expect(count.getAttribute("data-slot")).toBe("count");
    expect(count.className.split(" ").sort()).toEqual(["hitl-media-count", "mine"]);
    const message = document.querySelector('[data-slot="message"]');
    expect(message?.tagName).toBe("SMALL");
    expect(message?.getAttribute("aria-live")).toBe("polite");
  });

  it("should render the form's Fields inside your element", () => {
    render(
      <Form.Root payload={form}>
        <Form.Fields asChild>
          <section aria-label="Your details" />
        </Form.Fields>
      </Form.Root>,
    );
    const fields = screen.getByRole("region", { name: "Your details" });
    expect(fields.getAttribute("data-slot")).toBe("fields");
    expect(fields.querySelector("input[type=email]")).not.toBeNull();
  });
});
