import { type AspectRatioRequest, aspectRatioKind } from "../../src/kinds/aspect-ratio";
import { CUSTOM, createCollection, presetOf } from "../../src/widgets/aspect-ratio-picker/collection";
import { type AspectRatioConnectContext, connect, shapeProps } from "../../src/widgets/aspect-ratio-picker/connect";
import { aspectRatioLabels } from "../../src/widgets/aspect-ratio-picker/labels";
import {
  type AspectRatioEvent,
  type AspectRatioState,
  choice,
  customErrors,
  initialState,
  submitCheck,
  transition,
} from "../../src/widgets/aspect-ratio-picker/machine";
import type { MessageIssue, SubmitOutcome } from "../../src/widgets/shared/connect-types";
import { sourceImports } from "./source-imports";

/** The machine and its prop getters, without React: state in, props out, events back. */

const formats: AspectRatioRequest = aspectRatioKind.request.parse({
  kind: "aspect-ratio",
  presets: [{ ratio: "1:1", label: "Square" }, { ratio: "16:9", label: "Widescreen" }, { ratio: "9:16" }],
  custom: { min: 0.25, max: 4 },
});
const presetsOnly: AspectRatioRequest = { kind: "aspect-ratio", presets: formats.presets };

function run(state: AspectRatioState, ...events: AspectRatioEvent[]): AspectRatioState {
  return events.reduce(transition, state);
}

/** A store of one machine, as a framework adapter would keep it. */
function machine(
  options: { request?: AspectRatioRequest; value?: string; outcome?: SubmitOutcome<MessageIssue>; sent?: boolean } = {},
) {
  let state = initialState(options.request ?? formats, { value: options.value });
  const sent: AspectRatioEvent[] = [];
  const submitted: unknown[] = [];
  const focused: string[] = [];
  const send = (event: AspectRatioEvent) => {
    sent.push(event);
    state = transition(state, event);
  };
  const context: AspectRatioConnectContext = {
    id: "ar",
    labels: aspectRatioLabels,
    submit: (value) => {
      submitted.push(value);
      return options.outcome ?? { type: "sent" };
    },
    sent: () => options.sent ?? false,
    focus: (id) => focused.push(id),
  };
  return { api: () => connect(state, send, context), state: () => state, sent, submitted, focused };
}

describe("aspect-ratio picker machine", () => {
  it("given a request, should offer the presets' radios then Custom, and the bounds as ratios", () => {
    expect(createCollection(formats)).toMatchObject({
      values: ["1:1", "16:9", "9:16", CUSTOM],
      bounds: { min: "1:4", max: "4:1" },
    });
    expect(createCollection(presetsOnly)).toMatchObject({ values: ["1:1", "16:9", "9:16"], bounds: undefined });
  });

  it("should find a preset by its string or by its reduced ratio", () => {
    const collection = createCollection(formats);
    expect(presetOf(collection, "16:9")?.label).toBe("Widescreen");
    expect(presetOf(collection, "32:18")?.label).toBe("Widescreen");
    expect(presetOf(collection, "4:3")).toBeUndefined();
    expect(presetOf(collection, "")).toBeUndefined();
  });

  it("given a value no preset shows, should open Custom with its sides (only with custom bounds)", () => {
    expect(initialState(formats, { value: "21:9" }).custom).toEqual({ active: true, width: "21", height: "9" });
    expect(initialState(formats, { value: "32:18" }).custom.active).toBe(false);
    expect(choice(initialState(formats, { value: "32:18" }))).toBe("16:9");
    expect(initialState(presetsOnly, { value: "21:9" }).custom.active).toBe(false);
    expect(choice(initialState(presetsOnly, { value: "21:9" }))).toBeNull();
  });

  it("should choose a preset, then Custom with an empty value until both sides are whole numbers", () => {
    let state = run(initialState(formats), { type: "choose", choice: "16:9" });
    expect(state).toMatchObject({ value: "16:9", lastChange: { value: "16:9" } });
    state = run(state, { type: "choose", choice: CUSTOM });
    expect(state).toMatchObject({ value: "", custom: { active: true } });
    state = run(state, { type: "set-side", side: "width", text: "21" });
    expect(state.value).toBe("");
    state = run(state, { type: "set-side", side: "height", text: "9" });
    expect(state).toMatchObject({ value: "21:9", lastChange: { value: "21:9" } });
    // Back to a preset and to Custom again: the sides are kept.
    state = run(state, { type: "choose", choice: "1:1" }, { type: "choose", choice: CUSTOM });
    expect(state).toMatchObject({ value: "21:9", custom: { active: true, width: "21", height: "9" } });
  });

  it("should refuse radios not offered and sides without custom bounds", () => {
    const state = initialState(presetsOnly);
    expect(transition(state, { type: "choose", choice: CUSTOM })).toBe(state);
    expect(transition(state, { type: "choose", choice: "4:3" })).toBe(state);
    expect(transition(state, { type: "set-side", side: "width", text: "4" })).toBe(state);
  });

  it("given a controlled value, should only ask for the person's changes, once per change", () => {
    const state = initialState(formats, { value: "1:1", controlled: true });
    const asked = run(state, { type: "choose", choice: "9:16" });
    expect(asked).toMatchObject({ value: "1:1", lastChange: { value: "9:16" } });
    expect(choice(asked)).toBe("1:1");
    const again = run(asked, { type: "choose", choice: "9:16" });
    expect(again.lastChange).not.toBe(asked.lastChange);
    // The value the owner already has is not asked for.
    expect(transition(state, { type: "choose", choice: "1:1" })).toBe(state);
  });

  it("given a new value from the owner, should move the choice: to Custom for a ratio no preset shows, else off Custom", () => {
    let state = initialState(formats, { value: "1:1", controlled: true });
    state = run(state, { type: "value-changed", value: "21:9" });
    expect(state).toMatchObject({ value: "21:9", custom: { active: true, width: "21", height: "9" } });
    expect(choice(state)).toBe(CUSTOM);
    state = run(state, { type: "value-changed", value: "16:9" });
    expect(state.custom.active).toBe(false);
    expect(choice(state)).toBe("16:9");
    // The owner taking the custom draft's own ratio keeps Custom as typed, though a preset shows it.
    state = run(
      initialState(formats, { value: "", controlled: true }),
      { type: "choose", choice: CUSTOM },
      { type: "set-side", side: "width", text: " 32" },
      { type: "set-side", side: "height", text: "18" },
    );
    expect(state).toMatchObject({ value: "", lastChange: { value: "32:18" } });
    state = run(state, { type: "value-changed", value: "32:18" });
    expect(state.custom).toEqual({ active: true, width: " 32", height: "18" });
    expect(choice(state)).toBe(CUSTOM);
  });

  it("should find the custom problems: non-whole sides at once, empty ones after a submit, and the bounds", () => {
    let state = run(initialState(formats), { type: "choose", choice: CUSTOM });
    state = run(state, { type: "set-side", side: "height", text: "1.5" });
    expect(customErrors(state)).toEqual({ width: undefined, height: "whole-number" });
    expect(submitCheck(state)).toEqual({ type: "fix", side: "width" });
    state = run(state, { type: "submit-attempt" });
    expect(customErrors(state)).toEqual({ width: "whole-number", height: "whole-number" });
    state = run(
      state,
      { type: "set-side", side: "width", text: "10" },
      { type: "set-side", side: "height", text: "1" },
    );
    expect(customErrors(state)).toEqual({ width: undefined, height: undefined, ratio: "out-of-bounds" });
    expect(submitCheck(state)).toEqual({ type: "fix", side: "width" });
    state = run(state, { type: "set-side", side: "width", text: "" }, { type: "set-side", side: "height", text: "x" });
    expect(submitCheck(state)).toEqual({ type: "fix", side: "width" });
    state = run(state, { type: "set-side", side: "width", text: "3" });
    expect(submitCheck(state)).toEqual({ type: "fix", side: "height" });
    state = run(state, { type: "set-side", side: "height", text: "2" });
    expect(submitCheck(state)).toEqual({ type: "send", value: { ratio: "3:2", width: 1, height: 2 / 3 } });
  });

  it("should ask for a choice first, and send a value no preset shows as given for the schema to refuse", () => {
    expect(submitCheck(initialState(formats))).toEqual({ type: "choose-first" });
    expect(submitCheck(initialState(presetsOnly, { value: "5:4" }))).toEqual({
      type: "send",
      value: { ratio: "5:4", width: 1, height: 0.8 },
    });
    expect(submitCheck(initialState(presetsOnly, { value: "wide" }))).toEqual({
      type: "send",
      value: { ratio: "wide" },
    });
  });
});

describe("aspect-ratio picker connect", () => {
  it("should give the radio group its radios, the checked one and the prompt's name, and check through it", () => {
    const ar = machine({ value: "32:18" });
    const group = ar.api().getOptionsProps("prompt-id");
    expect(group).toMatchObject({
      values: ["1:1", "16:9", "9:16", CUSTOM],
      value: "16:9",
      "aria-labelledby": "prompt-id",
      "data-slot": "options",
    });
    expect(ar.api().getOptionProps("16:9")).toEqual({ value: "16:9", "data-slot": "option", "data-custom": undefined });
    expect(ar.api().getOptionProps(CUSTOM)).toMatchObject({ "data-custom": "" });
    group.onValueChange(CUSTOM);
    expect(ar.api().getOptionsProps("prompt-id").value).toBe(CUSTOM);
    expect(ar.api().customActive).toBe(true);
    expect(ar.sent).toEqual([{ type: "choose", choice: CUSTOM }]);
  });

  it("should describe each custom side by the range, its own problem and the ratio's", () => {
    const ar = machine();
    ar.api().choose(CUSTOM);
    ar.api()
      .getCustomInputProps("width")
      .onChange({ currentTarget: { value: "10" } });
    ar.api().setSide("height", "x");
    const api = ar.api();
    expect(api.getCustomInputProps("width")).toMatchObject({
      id: "ar-w",
      value: "10",
      "aria-invalid": undefined,
      "aria-describedby": "ar-range",
    });
    expect(api.getCustomInputProps("height")).toMatchObject({
      "aria-invalid": true,
      "aria-describedby": "ar-range ar-h-error",
    });
    expect(api.texts.fieldError("height")).toBe(aspectRatioLabels.wholeNumber);
    api.setSide("height", "1");
    expect(ar.api().getCustomInputProps("width")).toMatchObject({
      "aria-invalid": true,
      "aria-describedby": "ar-range ar-error",
    });
    expect(ar.api().texts.customError).toBe("Must be between 1:4 and 4:1");
    expect(ar.api().getPreviewProps()["data-invalid"]).toBe("");
    expect(ar.api().texts.customRange).toBe("Between 1:4 and 4:1.");
  });

  it("should focus the side to fix, ask for a choice, or send the normalized ratio once", () => {
    const empty = machine();
    empty.api().submit();
    expect(empty.state().issues).toEqual([aspectRatioLabels.chooseRatio]);
    expect(empty.submitted).toEqual([]);

    const custom = machine();
    custom.api().choose(CUSTOM);
    custom.api().submit();
    expect(custom.focused).toEqual(["ar-w"]);
    expect(custom.state().attempted).toBe(true);
    expect(custom.submitted).toEqual([]);

    const chosen = machine({ value: "16:9" });
    chosen.api().submit();
    expect(chosen.submitted).toEqual([{ ratio: "16:9", width: 1, height: 0.5625 }]);
    expect(chosen.sent.at(-1)).toEqual({ type: "sent" });
  });

  it("should show a refusal's messages, and do nothing once an answer went out or when ignored", () => {
    const refused = machine({ value: "1:1", outcome: { type: "refused", issues: [{ message: "Not now" }] } });
    refused.api().submit();
    expect(refused.state().issues).toEqual(["Not now"]);
    refused.api().choose("9:16");
    expect(refused.state().issues).toEqual([]);

    const ignored = machine({ value: "1:1", outcome: { type: "ignored" } });
    ignored.api().submit();
    expect(ignored.sent).toEqual([{ type: "submit-attempt" }]);

    const gone = machine({ sent: true });
    gone.api().submit();
    expect(gone.sent).toEqual([]);
  });

  it("should draw a ratio to scale, and nothing for an unreadable one", () => {
    expect(shapeProps("9:16")).toEqual({ "data-slot": "shape", style: { width: "56.25%", height: "100%" } });
    expect(shapeProps("")).toEqual({ "data-slot": "shape", "data-empty": "" });
  });
});

describe("aspect-ratio picker machine modules", () => {
  it("given connect and everything it imports, should import nothing but zod and the RE2 engine (no React, no DOM library)", () => {
    const { files: seen, outside } = sourceImports("src/widgets/aspect-ratio-picker/connect.ts");
    expect(seen.size).toBeGreaterThan(4);
    expect(outside.filter((specifier) => specifier !== "zod" && specifier !== "re2js")).toEqual([]);
  });
});

describe("hitl-kit/widgets", () => {
  it("should export the aspect-ratio picker's machine, connect, hook and anatomy for headless use", async () => {
    const widgets = await import("../../src/widgets/index");
    const state = widgets.aspectRatioPickerMachine.initialState(formats);
    const next = widgets.aspectRatioPickerMachine.transition(state, { type: "choose", choice: "9:16" });
    expect(widgets.aspectRatioPickerMachine.submitCheck(next)).toEqual({
      type: "send",
      value: { ratio: "9:16", width: 0.5625, height: 1 },
    });
    expect(typeof widgets.connectAspectRatioPicker).toBe("function");
    expect(typeof widgets.useAspectRatioPicker).toBe("function");
    expect(widgets.aspectRatioPickerAnatomy.option).toBe("option");
  });
});
