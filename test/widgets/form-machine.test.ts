import { type FormRequest, formKind } from "../../src/kinds/form";
import { connect, type FormConnectContext } from "../../src/widgets/form/connect";
import { formLabels } from "../../src/widgets/form/labels";
import {
  canSubmit,
  errorOf,
  type FormEvent,
  type FormState,
  initialState,
  readValue,
  transition,
  validation,
  valueToSend,
} from "../../src/widgets/form/machine";
import type { SubmitOutcome } from "../../src/widgets/shared/connect-types";
import { sourceImports } from "./source-imports";

/** The form's machine and its prop getters, without React: state in, props out, events back. */

const signup: FormRequest = formKind.request.parse({
  kind: "form",
  fields: [
    { type: "text", name: "name", label: "Full name", required: true, help: "As on your passport" },
    { type: "email", name: "email", label: "Email", required: true },
    { type: "number", name: "age", label: "Age", min: 18, integer: true },
    {
      type: "multiselect",
      name: "topics",
      label: "Topics",
      min: 2,
      options: [
        { value: "a", label: "Art" },
        { value: "b", label: "Biology" },
        { value: "c", label: "Chemistry" },
      ],
    },
    { type: "checkbox", name: "terms", label: "Accept the terms", required: true },
    { type: "text", name: "city", label: "City", default: "Lisbon" },
  ],
});

const field = (name: string) => {
  const found = signup.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

/** A store of one machine, as a framework adapter would keep it. */
function machine(outcome: SubmitOutcome = { type: "sent" }, request = signup) {
  let state = initialState(request);
  const submitted: unknown[] = [];
  let answered = false;
  const send = (event: FormEvent) => {
    state = transition(state, event);
  };
  const context: FormConnectContext = {
    id: "f",
    labels: formLabels,
    interactive: true,
    submit: (value) => {
      submitted.push(value);
      answered = outcome.type === "sent";
      return outcome;
    },
    answered: () => answered,
    registerControl: () => {},
  };
  return { api: () => connect(state, send, context), state: (): FormState => state, send, submitted };
}

function fill(send: (event: FormEvent) => void) {
  send({ type: "change", name: "name", value: "Ada" });
  send({ type: "change", name: "email", value: "ada@example.com" });
  send({ type: "change", name: "terms", value: true });
}

describe("form machine", () => {
  it("should start from the payload's defaults, untouched, with nothing shown", () => {
    const state = initialState(signup);
    expect(readValue(state, field("city"))).toBe("Lisbon");
    expect(readValue(state, field("topics"))).toEqual([]);
    expect(readValue(state, field("age"))).toBeNull();
    expect(state.lastChange).toBeUndefined();
    expect(errorOf(state, "name")).toBeUndefined();
    expect(canSubmit(state)).toBe(false);
  });

  it("should show a field's error once it was left, and every error once a submit was tried", () => {
    let state = initialState(signup);
    state = transition(state, { type: "change", name: "email", value: "ada@" });
    expect(errorOf(state, "email")).toBeUndefined();
    state = transition(state, { type: "touch", name: "email" });
    expect(errorOf(state, "email")).toBe("Must be a valid email address");
    expect(errorOf(state, "name")).toBeUndefined();
    state = transition(state, { type: "submit-attempt" });
    expect(state.submitAttempts).toBe(1);
    expect(errorOf(state, "name")).toBe("Required");
    // Focus goes to the first invalid field in field order.
    expect(state.focus).toEqual({ field: "name" });
  });

  it("should ask for focus again on each refused attempt, with a new request object", () => {
    let state = transition(initialState(signup), { type: "submit-attempt" });
    const first = state.focus;
    state = transition(state, { type: "submit-attempt" });
    expect(state.focus).toEqual(first);
    expect(state.focus).not.toBe(first);
  });

  it("should keep a multiselect's choices in option order and refuse too few on submit", () => {
    let state = initialState(signup);
    state = transition(state, { type: "choose", name: "topics", value: "c", checked: true });
    state = transition(state, { type: "choose", name: "topics", value: "a", checked: true });
    expect(readValue(state, field("topics"))).toEqual(["a", "c"]);
    state = transition(state, { type: "choose", name: "topics", value: "c", checked: false });
    expect(readValue(state, field("topics"))).toEqual(["a"]);
    state = transition(state, { type: "touch", name: "topics" });
    expect(errorOf(state, "topics")).toBe("Select at least 2 options");
    // A choice the field does not offer, or a field that is not a multiselect, changes nothing.
    expect(transition(state, { type: "choose", name: "topics", value: "zzz", checked: true })).toBe(state);
    expect(transition(state, { type: "choose", name: "name", value: "a", checked: true })).toBe(state);
  });

  it("should say unparseable number text is not a number, ahead of the schema's message", () => {
    let state = transition(initialState(signup), { type: "change", name: "age", value: null, badInput: true });
    state = transition(state, { type: "touch", name: "age" });
    expect(errorOf(state, "age")).toBe("Must be a number");
    expect(validation(state, "Not a number").issues.byField.get("age")).toBe("Not a number");
    state = transition(state, { type: "change", name: "age", value: 30, badInput: false });
    expect(errorOf(state, "age")).toBeUndefined();
  });

  it("should send the checked answer, empty optional fields left out", () => {
    let state = initialState(signup);
    for (const event of [
      { type: "change", name: "name", value: "Ada" },
      { type: "change", name: "email", value: "ada@example.com" },
      { type: "change", name: "terms", value: true },
      { type: "change", name: "city", value: "" },
    ] as const)
      state = transition(state, event);
    expect(valueToSend(state)).toEqual({ values: { name: "Ada", email: "ada@example.com", topics: [], terms: true } });
  });

  it("should file onSubmit's refusal under its field until the values change", () => {
    let state = initialState(signup);
    state = transition(state, { type: "refused", issues: [{ path: ["values", "email"], message: "Taken" }] });
    expect(state.focus).toEqual({ field: "email" });
    expect(errorOf(state, "email")).toBeUndefined();
    state = transition(state, { type: "submit-attempt" });
    expect(errorOf(state, "email")).toBe("Required");
    state = transition(state, { type: "change", name: "email", value: "ada@example.com" });
    expect(state.refused).toEqual([]);
  });

  it("should return the same state for what changes nothing", () => {
    const state = transition(initialState(signup), { type: "touch", name: "name" });
    expect(transition(state, { type: "touch", name: "name" })).toBe(state);
    expect(transition(state, { type: "change", name: "city", value: "Lisbon" })).toBe(state);
    expect(transition(state, { type: "change", name: "ghost", value: "x" })).toBe(state);
    expect(transition(state, { type: "value-changed", values: { ...state.values } })).toBe(state);
    expect(transition(state, { type: "request-changed", request: state.request })).toBe(state);
  });

  it("should take a controlled owner's values and a new request without losing what was touched", () => {
    let state = transition(initialState(signup), { type: "touch", name: "name" });
    state = transition(state, { type: "value-changed", values: { name: "Grace" } });
    expect(readValue(state, field("name"))).toBe("Grace");
    expect(readValue(state, field("city"))).toBe("Lisbon");
    const request = formKind.request.parse({ kind: "form", fields: [{ type: "text", name: "name", label: "Name" }] });
    state = transition(state, { type: "request-changed", request });
    expect(state.request).toBe(request);
    expect(state.touched).toEqual(["name"]);
    expect(state.defaults).toEqual({ name: "" });
  });
});

describe("form connect", () => {
  it("should name and describe each control: label, help, error, required", () => {
    const form = machine();
    const name = field("name");
    expect(form.api().getLabelProps(name)).toEqual({ "data-slot": "field-label", htmlFor: "f-field-name" });
    expect(form.api().getDescriptionProps(name)).toEqual({ id: "f-field-name-help", "data-slot": "field-help" });
    expect(form.api().getControlProps(name)).toMatchObject({
      id: "f-field-name",
      name: "name",
      required: true,
      value: "",
      "aria-describedby": "f-field-name-help",
      "aria-invalid": undefined,
      "data-slot": "control",
    });
    form.send({ type: "choose", name: "topics", value: "a", checked: true });
    form.api().submit();
    expect(form.submitted).toEqual([]);
    expect(form.api().getControlProps(name)).toMatchObject({
      "aria-describedby": "f-field-name-help f-field-name-error",
      "aria-invalid": true,
      "aria-errormessage": "f-field-name-error",
    });
    expect(form.api().getErrorProps(name)).toEqual({ id: "f-field-name-error", "data-slot": "field-error" });
    expect(form.api().getFieldProps(name)).toMatchObject({ "data-invalid": "", "data-required": "" });
    expect(form.api().summary).toEqual([
      "Full name: Required",
      "Email: Required",
      "Topics: Select at least 2 options",
      "Accept the terms: Must be checked",
    ]);
  });

  it("should describe a multiselect's group as a whole, its help holding the bounds", () => {
    const form = machine();
    const topics = field("topics");
    expect(form.api().getLabelProps(topics).htmlFor).toBeUndefined();
    expect(form.api().helpOf(topics)).toBe("Choose at least 2.");
    form.send({ type: "choose", name: "topics", value: "c", checked: true });
    form.send({ type: "touch", name: "topics" });
    expect(form.api().getFieldProps(topics)).toMatchObject({
      "data-layout": "group",
      "aria-describedby": "f-field-topics-help f-field-topics-error",
      "aria-invalid": true,
    });
    const second = form.api().getChoiceControlProps(topics, "b", 1);
    expect(second).toMatchObject({ id: "f-field-topics-1", type: "checkbox", name: "topics", checked: false });
    second.onChange({ currentTarget: { name: "topics", value: "b", checked: true } });
    expect(form.api().getChoiceControlProps(topics, "b", 1).checked).toBe(true);
  });

  it("should read numbers, checkboxes and blur from the controls' own events", () => {
    const form = machine();
    form
      .api()
      .getControlProps(field("age"))
      .onChange({ currentTarget: { name: "age", value: "1.5" } });
    expect(form.state().values.age).toBe(1.5);
    const age = form.api().getControlProps(field("age"));
    age.onChange({ currentTarget: { name: "age", value: "", validity: { badInput: true } } });
    expect(form.state().badInput).toEqual(["age"]);
    age.onBlur({ currentTarget: { name: "age", value: "" } });
    expect(form.api().errorOf("age")).toBe("Must be a number");
    form
      .api()
      .getControlProps(field("terms"))
      .onChange({ currentTarget: { name: "terms", value: "on", checked: true } });
    expect(form.state().values.terms).toBe(true);
  });

  it("should touch a group only when focus leaves it", () => {
    const form = machine();
    const blur = form.api().getGroupBlur(field("topics"));
    const inside = {};
    blur({ relatedTarget: inside, currentTarget: { contains: (other: unknown) => other === inside } });
    expect(form.state().touched).toEqual([]);
    blur({ relatedTarget: null, currentTarget: { contains: () => false } });
    expect(form.state().touched).toEqual(["topics"]);
  });

  it("should send once, and file the host's refusal on its field", () => {
    const sent = machine();
    fill(sent.send);
    sent.api().submit();
    sent.api().submit();
    expect(sent.submitted).toEqual([
      { values: { name: "Ada", email: "ada@example.com", topics: [], terms: true, city: "Lisbon" } },
    ]);
    expect(sent.state().submitted).toBe(true);
    expect(sent.state().submitAttempts).toBe(1);

    const refused = machine({ type: "refused", issues: [{ path: ["values", "email"], message: "Taken" }] });
    fill(refused.send);
    refused.api().submit();
    expect(refused.api().errorOf("email")).toBe("Taken");
    expect(refused.state().focus).toEqual({ field: "email" });
    // Refused on a field: not sent again until that changes.
    refused.api().submit();
    expect(refused.submitted).toHaveLength(1);
  });
});

describe("form machine modules", () => {
  it("given connect and everything it imports, should import nothing but zod and the RE2 engine (no React, no DOM library)", () => {
    const { files: seen, outside } = sourceImports("src/widgets/form/connect.ts");
    expect(seen.size).toBeGreaterThan(5);
    expect(outside.filter((specifier) => specifier !== "zod" && specifier !== "re2js")).toEqual([]);
  });
});

describe("hitl-kit/widgets", () => {
  it("should export the form's machine, connect, hook and anatomy for headless use", async () => {
    const widgets = await import("../../src/widgets/index");
    let state = widgets.formMachine.initialState(signup);
    state = widgets.formMachine.transition(state, { type: "change", name: "name", value: "Ada" });
    expect(widgets.formMachine.readValue(state, field("name"))).toBe("Ada");
    expect(typeof widgets.connectForm).toBe("function");
    expect(typeof widgets.useForm).toBe("function");
    expect(widgets.formAnatomy.error).toBe("field-error");
  });
});
