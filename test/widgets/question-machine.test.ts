import { type QuestionRequest, questionKind } from "../../src/kinds/native";
import { connect, type QuestionConnectContext } from "../../src/widgets/question/connect";
import { questionLabels } from "../../src/widgets/question/labels";
import {
  initialState,
  offersText,
  optionLabel,
  type QuestionEvent,
  type QuestionState,
  questionLayout,
  submitCheck,
  transition,
} from "../../src/widgets/question/machine";
import type { MessageIssue, SubmitOutcome } from "../../src/widgets/shared/connect-types";

/** The machine and its prop getters, without React: state in, props out, events back. */

const question = (input: Record<string, unknown>): QuestionRequest =>
  questionKind.request.parse({ kind: "question", ...input });

const many = question({
  options: [
    { id: "a", label: "Alpha" },
    { id: "b", label: "Bravo", style: "danger" },
    { id: "c", label: "Charlie" },
    { id: "d", label: "Delta", description: "The fourth" },
  ],
  allowFreeform: true,
});
const yesNo = question({
  options: [
    { id: "yes", label: "Yes", style: "primary" },
    { id: "no", label: " " },
  ],
});

function run(state: QuestionState, ...events: QuestionEvent[]): QuestionState {
  return events.reduce(transition, state);
}

/** A store of one machine, as a framework adapter would keep it. */
function machine(
  options: {
    request?: QuestionRequest;
    value?: string;
    text?: string;
    outcome?: SubmitOutcome<MessageIssue>;
    sent?: boolean;
  } = {},
) {
  let state = initialState(options.request ?? many, { value: options.value, text: options.text });
  const sent: QuestionEvent[] = [];
  const submitted: unknown[] = [];
  const send = (event: QuestionEvent) => {
    sent.push(event);
    state = transition(state, event);
  };
  const context: QuestionConnectContext = {
    id: "q",
    labels: questionLabels,
    submit: (value) => {
      submitted.push(value);
      return options.outcome ?? { type: "sent" };
    },
    sent: () => options.sent ?? false,
  };
  return { api: () => connect(state, send, context), state: () => state, sent, submitted };
}

describe("question machine", () => {
  it("should lay out up to three plain options as buttons, more or described ones as radios, none as none", () => {
    expect(questionLayout(yesNo.options)).toBe("buttons");
    expect(questionLayout(many.options)).toBe("radio");
    expect(questionLayout(many.options.slice(0, 3))).toBe("buttons");
    expect(questionLayout(many.options.slice(3))).toBe("radio");
    expect(questionLayout([])).toBe("none");
  });

  it("should offer free text when allowed or when there are no options, and name a blank option by its id", () => {
    expect(offersText(many)).toBe(true);
    expect(offersText(yesNo)).toBe(false);
    expect(offersText(question({}))).toBe(true);
    expect(optionLabel(yesNo.options[1] as QuestionRequest["options"][number])).toBe("no");
    expect(optionLabel(yesNo.options[0] as QuestionRequest["options"][number])).toBe("Yes");
  });

  it("should choose an offered option only, clearing the options' issues, and keep the text as typed", () => {
    const start = initialState(many);
    expect(transition(start, { type: "choose", value: "zulu" })).toBe(start);
    let state = run(start, { type: "submit-attempt", source: "option" }, { type: "invalid", issues: ["Choose"] });
    expect(state.optionIssues).toEqual(["Choose"]);
    state = run(state, { type: "choose", value: "c" });
    expect(state).toMatchObject({ value: "c", optionIssues: [] });
    state = run(state, { type: "set-text", text: "  Echo " });
    expect(state.text).toBe("  Echo ");
    // The same again changes nothing.
    expect(transition(state, { type: "choose", value: "c" })).toBe(state);
    expect(transition(state, { type: "set-text", text: "  Echo " })).toBe(state);
  });

  it("should check there is something to send: the option given, else the chosen one, or the text trimmed", () => {
    const state = initialState(many, { text: "   " });
    expect(submitCheck(state, "option")).toEqual({ type: "empty" });
    expect(submitCheck(state, "option", "b")).toEqual({ type: "send", value: { optionId: "b" } });
    expect(submitCheck(state, "text")).toEqual({ type: "empty" });
    const chosen = run(state, { type: "choose", value: "d" }, { type: "set-text", text: " line\nline " });
    expect(submitCheck(chosen, "option")).toEqual({ type: "send", value: { optionId: "d" } });
    expect(submitCheck(chosen, "text")).toEqual({ type: "send", value: { text: "line\nline" } });
  });

  it("should show an invalid attempt on its own part only, a refusal in place of both parts' issues, and clear both when sent", () => {
    let state = run(
      initialState(many),
      { type: "submit-attempt", source: "option" },
      { type: "invalid", issues: ["Choose an option first."] },
      { type: "submit-attempt", source: "text" },
      { type: "invalid", issues: ["Write an answer first."] },
    );
    expect(state).toMatchObject({ optionIssues: ["Choose an option first."], textIssues: ["Write an answer first."] });
    state = run(state, { type: "submit-attempt", source: "text" }, { type: "refused", issues: ["Too rude"] });
    expect(state).toMatchObject({ attempt: "text", optionIssues: [], textIssues: ["Too rude"] });
    state = run(state, { type: "submit-attempt", source: "option" }, { type: "refused", issues: ["Busy"] });
    expect(state).toMatchObject({ optionIssues: ["Busy"], textIssues: [] });
    state = run(state, { type: "sent" });
    expect(state).toMatchObject({ optionIssues: [], textIssues: [] });
    // Typing clears the text's issues only.
    state = run(
      state,
      { type: "submit-attempt", source: "text" },
      { type: "invalid", issues: ["x"] },
      { type: "set-text", text: "y" },
    );
    expect(state.textIssues).toEqual([]);
  });

  it("should ignore a refusal before any attempt", () => {
    const state = initialState(many);
    expect(transition(state, { type: "refused", issues: ["No"] })).toBe(state);
    expect(transition(state, { type: "invalid", issues: ["No"] })).toBe(state);
  });

  it("should follow the owner's value (even one not offered, for the schema to refuse), text and request", () => {
    let state = run(
      initialState(many, { value: "b", text: "draft" }),
      { type: "value-changed", value: "zulu" },
      { type: "text-changed", text: "DRAFT" },
    );
    expect(state).toMatchObject({ value: "zulu", text: "DRAFT" });
    state = run(state, { type: "request-changed", request: yesNo });
    expect(state).toMatchObject({ options: yesNo.options, allowFreeform: false, value: "zulu" });
    expect(transition(state, { type: "request-changed", request: yesNo })).toBe(state);
  });
});

describe("question connect", () => {
  it("should give the radio group its radios, the chosen one and the prompt's name, and choose through it", () => {
    const q = machine({ value: "b" });
    const group = q.api().getOptionsProps("prompt-id");
    expect(group).toMatchObject({
      "data-slot": "options",
      "aria-labelledby": "prompt-id",
      values: ["a", "b", "c", "d"],
      value: "b",
    });
    expect(machine().api().getOptionsProps("p").value).toBeNull();
    group.onValueChange("d");
    expect(q.sent).toEqual([{ type: "choose", value: "d" }]);
    expect(q.api().getOptionsProps("p").value).toBe("d");
  });

  it("should name each radio by its label and describe it by its description, when it has one", () => {
    const api = machine().api();
    const [a, , , d] = many.options as [
      QuestionRequest["options"][number],
      unknown,
      unknown,
      QuestionRequest["options"][number],
    ];
    expect(api.getRadioProps(a, 0)).toEqual({
      id: "q-0",
      "data-slot": "option-control",
      value: "a",
      "aria-labelledby": "q-0-label",
      "aria-describedby": undefined,
    });
    expect(api.getRadioProps(d, 3)).toMatchObject({ "aria-describedby": "q-3-description" });
    expect(api.getOptionLabelProps(3)).toEqual({ id: "q-3-label", htmlFor: "q-3", "data-slot": "option-label" });
    expect(api.getOptionDescriptionProps(3)).toEqual({ id: "q-3-description", "data-slot": "option-description" });
    // A row says whether its option is the one chosen (nothing is yet).
    expect(api.getOptionProps(many.options[1] as QuestionRequest["options"][number])).toEqual({
      "data-slot": "option",
      "data-state": "unchecked",
      "data-style": "danger",
    });
  });

  it("should answer with a button's option in one click", () => {
    const q = machine({ request: yesNo });
    q.api()
      .getOptionButtonProps(yesNo.options[0] as QuestionRequest["options"][number])
      .onClick();
    expect(q.submitted).toEqual([{ optionId: "yes" }]);
    expect(q.sent.map((event) => event.type)).toEqual(["submit-attempt", "sent"]);
  });

  it("should ask for a choice before the radio group's submit, then send the chosen option", () => {
    const q = machine();
    q.api().getOptionFormProps().onSubmit();
    expect(q.submitted).toEqual([]);
    expect(q.api().optionIssues).toEqual([questionLabels.chooseOption]);
    q.api().getOptionsProps("p").onValueChange("c");
    expect(q.api().optionIssues).toEqual([]);
    q.api().getOptionFormProps().onSubmit();
    expect(q.submitted).toEqual([{ optionId: "c" }]);
  });

  it("should give the free text its field: label, value, error, and Send that refuses blank text", () => {
    const q = machine({ text: "  " });
    const field = q.api().getFreeTextProps(true);
    expect(field).toMatchObject({
      label: questionLabels.freeformLabel,
      sendLabel: questionLabels.send,
      hint: questionLabels.sendHint,
      multiline: true,
      value: "  ",
      error: undefined,
    });
    field.onSend();
    expect(q.submitted).toEqual([]);
    expect(q.api().getFreeTextProps(true).error).toBe(questionLabels.emptyText);
    q.api().getFreeTextProps(true).onValueChange("  Golf ");
    expect(q.api().getFreeTextProps(true)).toMatchObject({ value: "  Golf ", error: undefined });
    q.api().getFreeTextProps(true).onSend();
    expect(q.submitted).toEqual([{ text: "Golf" }]);
    // Without options, the field is the answer.
    expect(
      machine({ request: question({}) })
        .api()
        .getFreeTextProps(false, "e.g."),
    ).toMatchObject({
      label: questionLabels.textLabel,
      multiline: false,
      placeholder: "e.g.",
    });
  });

  it("should show the schema's or the host's distinct messages on the part that answered, one line on the field", () => {
    const invalid = machine({ value: "zulu", outcome: { type: "invalid", issues: [{ message: "Unknown" }] } });
    invalid.api().submit("option");
    expect(invalid.api().optionIssues).toEqual(["Unknown"]);
    const refused = machine({
      text: "Hotel",
      outcome: { type: "refused", issues: [{ message: "Too rude" }, { message: "Too rude" }, { message: "Again" }] },
    });
    refused.api().submit("text");
    expect(refused.api().getFreeTextProps(true).error).toBe("Too rude Again");
  });

  it("should do nothing once an answer went out, or when the answer was ignored", () => {
    const sent = machine({ sent: true });
    sent.api().submit("option");
    sent.api().submit("text");
    expect(sent.sent).toEqual([]);
    expect(sent.submitted).toEqual([]);
    const ignored = machine({ value: "a", outcome: { type: "ignored" } });
    ignored.api().submit("option");
    expect(ignored.sent.map((event) => event.type)).toEqual(["submit-attempt"]);
    expect(ignored.api().optionIssues).toEqual([]);
  });

  it("should give each part its data-slot", () => {
    const api = machine().api();
    expect(api.getOptionButtonsProps()).toEqual({ "data-slot": "option-buttons" });
    expect(api.getOptionFormProps()["data-slot"]).toBe("option-form");
    expect(api.getSubmitProps()).toEqual({ type: "submit", "data-slot": "submit" });
    expect(api.getOptionButtonProps(many.options[1] as QuestionRequest["options"][number])).toMatchObject({
      type: "button",
      "data-slot": "option",
      "data-style": "danger",
    });
  });
});
