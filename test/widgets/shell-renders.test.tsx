import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { aspectRatioKind } from "../../src/kinds/aspect-ratio";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { AspectRatioPicker } from "../../src/widgets/aspect-ratio-picker/aspect-ratio-picker";
import { Form } from "../../src/widgets/form/form";
import { MediaPicker } from "../../src/widgets/media-picker/media-picker";

/**
 * What a change of a widget's own state renders again, for the pickers `defineWidget` assembles:
 * the parts that read the widget's API do; the shell's parts (the prompt, Decline, the status)
 * do not — the memoized shell keeps its context, and its children are the same elements until
 * the widget's owner renders. Counted with React's Profiler (update commits per part).
 */

const commits = new Map<string, number>();
const onRender: ProfilerOnRenderCallback = (id, phase) => {
  if (phase !== "mount") commits.set(id, (commits.get(id) ?? 0) + 1);
};
const Part = ({ id, children }: { id: string; children: ReactNode }) => (
  <Profiler id={id} onRender={onRender}>
    {children}
  </Profiler>
);
/** Prompt, Status and Decline: the shell's parts, each in its own Profiler. */
const shellParts = (Widget: typeof AspectRatioPicker | typeof Form | typeof MediaPicker) => [
  <Part id="prompt" key="prompt">
    <Widget.Prompt>Pick</Widget.Prompt>
  </Part>,
  <Part id="status" key="status">
    <Widget.Status />
  </Part>,
  <Part id="decline" key="decline">
    <Widget.Decline />
  </Part>,
];

describe("defineWidget's shell renders", () => {
  it("given an aspect ratio chosen, should render the options again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = aspectRatioKind.request.parse({
      kind: "aspect-ratio",
      presets: [{ ratio: "1:1" }, { ratio: "16:9" }],
    });
    render(
      <AspectRatioPicker.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(AspectRatioPicker)}
        <AspectRatioPicker.Body>
          <Part id="options">
            <AspectRatioPicker.Options />
          </Part>
        </AspectRatioPicker.Body>
      </AspectRatioPicker.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("radio", { name: "16:9" }));
    expect(screen.getByRole("radio", { name: "16:9" }).getAttribute("aria-checked")).toBe("true");
    expect(Object.fromEntries(commits)).toEqual({ options: 1 });
  });

  it("given a form field typed in, should render the fields again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = formKind.request.parse({ kind: "form", fields: [{ name: "name", label: "Name", type: "text" }] });
    render(
      <Form.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(Form)}
        <Form.Body>
          <Part id="fields">
            <Form.Fields />
          </Part>
        </Form.Body>
      </Form.Root>,
    );
    commits.clear();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada");
    expect(Object.fromEntries(commits)).toEqual({ fields: 3 });
  });

  it("given a media item chosen, should render the count again but not the prompt, status or Decline", async () => {
    const user = userEvent.setup();
    const payload = mediaKind.request.parse({
      kind: "media",
      items: [
        { id: "a", url: "https://example.com/a.png", mediaType: "image", alt: "A" },
        { id: "b", url: "https://example.com/b.png", mediaType: "image", alt: "B" },
      ],
      max: 2,
    });
    render(
      <MediaPicker.Root payload={payload} onSubmit={() => undefined} onDecline={() => undefined}>
        {shellParts(MediaPicker)}
        <MediaPicker.Body>
          <MediaPicker.Grid />
          <Part id="count">
            <MediaPicker.Count />
          </Part>
        </MediaPicker.Body>
      </MediaPicker.Root>,
    );
    commits.clear();
    await user.click(screen.getByRole("option", { name: /A/ }));
    expect(screen.getByText(/1 of/)).toBeTruthy();
    expect(commits.get("count")).toBeGreaterThan(0);
    expect(["prompt", "status", "decline"].filter((part) => commits.has(part))).toEqual([]);
  });
});
