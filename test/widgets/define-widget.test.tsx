import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { VoiceRequest, VoiceResponse } from "../../playground/shared/voice-kind";
import { VoicePicker } from "../../playground/shared/voice-widget";
import { itDeclinesOnce, pressArrow, renderWidget } from "./helpers";

/**
 * `defineWidget` through the playground's custom `voice` kind (its whole widget is ~40 lines): the
 * Root, the form, Submit / Decline, status and receipt come from `defineWidget`; the search and
 * the radio group from the kit's primitives.
 */

const payload: VoiceRequest & { kind: "voice" } = {
  kind: "voice",
  voices: [
    { id: "lea", name: "Léa", language: "fr-FR", sampleUrl: "/samples/lea.mp3" },
    { id: "sam", name: "Sam", language: "en-GB", sampleUrl: "/samples/sam.mp3" },
    { id: "jonas", name: "Jonas", language: "de-DE", sampleUrl: "javascript:alert(1)" },
  ],
};

function setup(props: Partial<Parameters<typeof VoicePicker>[0]> = {}) {
  return renderWidget<VoiceResponse>(({ onSubmit, onDecline }) => (
    <VoicePicker prompt="Pick a voice" payload={payload} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

describe("defineWidget (the voice picker)", () => {
  it("should render the shell around the widget's own parts: a named group, the search, radios, Submit and Decline", () => {
    setup();
    const widget = screen.getByRole("group", { name: "Pick a voice" });
    expect(widget.getAttribute("data-kind")).toBe("voice");
    expect(widget.classList.contains("hitl-voice")).toBe(true);
    expect(within(widget).getByRole("searchbox", { name: "Search voices" })).toBeTruthy();
    expect(
      within(widget)
        .getAllByRole("radio")
        .map((radio) => radio.textContent),
    ).toEqual(["Léa fr-FR", "Sam en-GB", "Jonas de-DE"]);
    expect(within(widget).getByRole("button", { name: "Submit" })).toBeTruthy();
    expect(within(widget).getByRole("button", { name: "Decline" })).toBeTruthy();
  });

  it("should narrow the radios by the kit's search rule (accents and case ignored)", async () => {
    const { user } = setup();
    await user.type(screen.getByRole("searchbox", { name: "Search voices" }), "LEA");
    expect(screen.getAllByRole("radio").map((radio) => radio.textContent)).toEqual(["Léa fr-FR"]);
    await user.clear(screen.getByRole("searchbox"));
    await user.type(screen.getByRole("searchbox"), "en de");
    expect(screen.queryAllByRole("radio")).toEqual([]);
  });

  it("should move and choose with the arrow keys from one tab stop, then send that voice once", async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole("radio", { name: /Léa/ }));
    await pressArrow(user, "ArrowDown");
    expect(screen.getByRole("radio", { name: /Sam/ }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getAllByRole("radio").filter((radio) => radio.tabIndex === 0)).toHaveLength(1);
    await user.dblClick(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit.mock.calls).toEqual([[{ voiceId: "sam" }]]);
  });

  it("should send nothing while no voice is chosen", async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("should play only a safe sample of the chosen voice", async () => {
    const { user, container } = setup();
    expect(container.querySelector("audio")).toBeNull();
    await user.click(screen.getByRole("radio", { name: /Léa/ }));
    expect(container.querySelector("audio")?.getAttribute("src")).toBe("/samples/lea.mp3");
    await user.click(screen.getByRole("radio", { name: /Jonas/ }));
    expect(container.querySelector("audio")).toBeNull();
  });

  it("should show the receipt with the widget's Summary once answered", () => {
    setup({ status: "answered", answer: { voiceId: "sam" } });
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.getByText("Voice: Sam")).toBeTruthy();
  });

  it("given the parts composed by hand (Root, Prompt, Body, the widget's own, Actions), should send one answer from the static Body's form", async () => {
    const { user, onSubmit } = renderWidget<VoiceResponse>(({ onSubmit, onDecline }) => (
      <VoicePicker.Root payload={payload} onSubmit={onSubmit} onDecline={onDecline}>
        <VoicePicker.Prompt>Pick a voice</VoicePicker.Prompt>
        <VoicePicker.Body className="my-form">
          <VoicePicker.Voices />
          <VoicePicker.Actions>
            <VoicePicker.Submit />
          </VoicePicker.Actions>
        </VoicePicker.Body>
      </VoicePicker.Root>
    ));
    expect(document.querySelector("form.my-form[data-slot=form]")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: /Sam/ }));
    await user.dblClick(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit.mock.calls).toEqual([[{ voiceId: "sam" }]]);
  });

  it("should expose the shell's parts and the widget's own as statics, named by the kind", () => {
    expect(VoicePicker.displayName).toBe("Widget(voice)");
    expect(
      Object.keys(VoicePicker)
        .filter((key) => /^[A-Z]/.test(key))
        .sort(),
    ).toEqual(
      [
        ...["Actions", "Body", "Decline", "Prompt", "Receipt", "Root", "Status", "Submit", "Summary", "Voices"],
        // Decline's second step, laid out from its leaf parts.
        ...["DeclineLabel", "DeclineReason", "DeclineConfirm", "DeclineBack"],
        // The status's, likewise.
        ...["StatusText", "Retry"],
      ].sort(),
    );
  });

  itDeclinesOnce(setup);
});
