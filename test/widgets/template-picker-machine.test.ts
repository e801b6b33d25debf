import { type TemplateRequest, templateKind } from "../../src/kinds/template";
import * as widgets from "../../src/widgets";
import type { SubmitOutcome } from "../../src/widgets/shared/connect-types";
import type { TemplateCollectionInput } from "../../src/widgets/template-picker/collection";
import {
  connect,
  type TemplatePickerConnectContext,
  type TemplatePickerControl,
} from "../../src/widgets/template-picker/connect";
import { templateLabels } from "../../src/widgets/template-picker/labels";
import {
  CHOICE,
  chosenTemplate,
  errorOf,
  firstInvalid,
  highlightedIndex,
  initialState,
  sameDraft,
  summary,
  type TemplatePickerEvent,
  type TemplatePickerState,
  transition,
  valueToSend,
  variableValue,
  visible,
} from "../../src/widgets/template-picker/machine";

/** The machine without React: state in, events, state out. */

const request: TemplateRequest = templateKind.request.parse({
  kind: "template",
  templates: [
    {
      id: "launch",
      name: "Product launch",
      description: "Announce a new product",
      tags: ["marketing", "email"],
      variables: [
        { name: "product", label: "Product name", required: true },
        { name: "tone", label: "Tone", default: "friendly" },
      ],
    },
    { id: "news", name: "Weekly newsletter", description: "Digest of the week", tags: ["email"] },
    { id: "bug", name: "Bug report", description: "File an issue", tags: ["engineering"] },
    { id: "notes", name: "Crème brûlée notes", description: "What shipped", tags: ["engineering", "marketing"] },
  ],
});

const input: TemplateCollectionInput = {
  request,
  templates: request.templates,
  known: undefined,
  labels: templateLabels,
};

function run(...events: TemplatePickerEvent[]): TemplatePickerState {
  return events.reduce(transition, initialState(input));
}

const ids = (state: TemplatePickerState, query?: string) =>
  visible(state, query).map((position) => state.collection.templates[position]?.id);

describe("template picker machine", () => {
  describe("given templates", () => {
    it("should index their tags, most used first, and show every card", () => {
      const state = run();
      expect(state.collection.tags).toEqual(["marketing", "email", "engineering"]);
      expect(ids(state)).toEqual(["launch", "news", "bug", "notes"]);
      expect(highlightedIndex(state)).toBe(0);
    });
  });

  describe("given a search", () => {
    it("should match every word, in any order, ignoring case and accents (search.ts's rule)", () => {
      expect(ids(run({ type: "search", query: "NEWS" }))).toEqual(["news"]);
      expect(ids(run({ type: "search", query: "shipped creme" }))).toEqual(["notes"]);
      expect(ids(run({ type: "search", query: "engineering" }))).toEqual(["bug", "notes"]);
      expect(ids(run({ type: "search", query: "   " }))).toHaveLength(4);
    });

    it("should keep at most SEARCH_MAX_LENGTH characters", () => {
      expect(run({ type: "search", query: "x".repeat(900) }).query).toHaveLength(500);
    });

    it("should combine the pressed tags with the query, and clear both at once", () => {
      const state = run({ type: "set-tags", tags: ["marketing"] }, { type: "search", query: "launch" });
      expect(ids(state)).toEqual(["launch"]);
      expect(ids(transition(state, { type: "set-tags", tags: ["marketing", "engineering"] }), "")).toEqual(["notes"]);
      const cleared = transition(state, { type: "clear-filters" });
      expect(cleared.query).toBe("");
      expect(ids(cleared)).toHaveLength(4);
    });

    it("should filter by a deferred query when one is given", () => {
      const state = run({ type: "search", query: "bug" });
      expect(ids(state, "")).toHaveLength(4);
    });

    it("given a remote catalogue, should leave the search to its loader", () => {
      const state = initialState({ ...input, known: () => undefined });
      expect(ids(transition(state, { type: "search", query: "bug" }))).toHaveLength(4);
    });
  });

  describe("given a choice", () => {
    it("should start the draft from the template's defaults, and keep it when chosen again", () => {
      const state = run({ type: "choose", id: "launch" });
      expect(state.draft).toEqual({ templateId: "launch", variables: { product: "", tone: "friendly" } });
      expect(state.lastChange).toBe(state.draft);
      expect(chosenTemplate(state)?.name).toBe("Product launch");
      expect(transition(state, { type: "choose", id: "launch" })).toBe(state);
    });

    it("should refuse an id it does not offer", () => {
      const state = run();
      expect(transition(state, { type: "choose", id: "ghost" })).toBe(state);
      expect(transition(state, { type: "highlight", id: "ghost" })).toBe(state);
    });

    it("should start clean: errors of the former choice hidden, nothing touched or submitted", () => {
      const state = run(
        { type: "choose", id: "launch" },
        { type: "touch", name: "product" },
        { type: "submit-attempt" },
        { type: "choose", id: "bug" },
      );
      expect(state.submitted).toBe(false);
      expect(state.touched.size).toBe(0);
      expect(state.draft).toEqual({ templateId: "bug", variables: {} });
    });

    it("should keep the tab stop on the highlighted card, else the chosen one, while shown", () => {
      const chosen = run({ type: "choose", id: "bug" });
      expect(highlightedIndex(chosen)).toBe(2);
      const moved = transition(chosen, { type: "highlight", id: "notes" });
      expect(highlightedIndex(moved)).toBe(3);
      // The highlighted card filtered away: the chosen one, then the first.
      expect(highlightedIndex(transition(moved, { type: "search", query: "bug" }))).toBe(0);
      expect(highlightedIndex(transition(moved, { type: "set-tags", tags: ["engineering"] }))).toBe(1);
      expect(highlightedIndex(transition(moved, { type: "set-tags", tags: ["email"] }))).toBe(0);
    });
  });

  describe("given variables", () => {
    it("should read a variable the draft lacks as its default, and send only the chosen template's", () => {
      const state = transition(initialState(input, { draft: { templateId: "launch", variables: { x: "1" } } }), {
        type: "set-variable",
        name: "product",
        value: "Gizmo",
      });
      const tone = chosenTemplate(state)?.variables?.[1];
      expect(tone && variableValue(state, tone)).toBe("friendly");
      expect(valueToSend(state)).toEqual({ templateId: "launch", variables: { product: "Gizmo", tone: "friendly" } });
      expect(state.lastChange).toEqual({ templateId: "launch", variables: { x: "1", product: "Gizmo" } });
    });

    it("should show a variable's error once it is left, every error and the summary once a submit is tried", () => {
      const chosen = run({ type: "choose", id: "launch" });
      expect(errorOf(chosen, "product")).toBeUndefined();
      expect(summary(chosen)).toEqual([]);
      expect(firstInvalid(chosen)).toBe("product");
      expect(errorOf(transition(chosen, { type: "touch", name: "product" }), "product")).toBe("Required");
      const tried = transition(chosen, { type: "submit-attempt" });
      expect(errorOf(tried, "product")).toBe("Required");
      expect(summary(tried)).toEqual(["Product name: Required"]);
    });

    it("should ask for a choice first", () => {
      const tried = run({ type: "submit-attempt" });
      expect(firstInvalid(tried)).toBe(CHOICE);
      expect(errorOf(tried, CHOICE)).toBe("Choose a template");
      expect(valueToSend(tried)).toBeUndefined();
    });

    it("should refuse an unknown template from a controlled draft, by the kind's words", () => {
      const tried = transition(initialState(input, { draft: { templateId: "gone", variables: {} } }), {
        type: "submit-attempt",
      });
      expect(summary(tried)).toEqual(['Unknown template "gone": not one of the offered templates']);
    });
  });

  describe("given a submit", () => {
    it("should show the host's refusal on its field until the draft changes, then clear it", () => {
      const refused = run(
        { type: "choose", id: "launch" },
        { type: "set-variable", name: "product", value: "Gizmo" },
        { type: "submit-attempt" },
        { type: "sent" },
        { type: "refused", issues: [{ path: ["variables", "tone"], message: "Too cheerful" }] },
      );
      expect(refused.sent).toBe(false);
      expect(errorOf(refused, "tone")).toBe("Too cheerful");
      expect(firstInvalid(refused)).toBe("tone");
      const edited = transition(refused, { type: "set-variable", name: "tone", value: "calm" });
      expect(errorOf(edited, "tone")).toBeUndefined();
      expect(transition(edited, { type: "sent" }).sent).toBe(true);
    });
  });

  describe("given a controlled owner", () => {
    it("should take its draft, and ignore one that says the same", () => {
      const state = run({ type: "choose", id: "bug" });
      const same = { templateId: "bug", variables: {} };
      expect(transition(state, { type: "value-changed", draft: same })).toBe(state);
      const back = transition(state, { type: "value-changed", draft: { variables: {} } });
      expect(back.draft).toEqual({ variables: {} });
      expect(sameDraft({ variables: { a: "" } }, { variables: {} })).toBe(false);
      expect(sameDraft({ variables: { a: "1" } }, { variables: { b: "1" } })).toBe(false);
    });
  });

  describe("given new templates", () => {
    it("should index them again only when they change", () => {
      const state = run();
      expect(transition(state, { type: "collection-changed", ...input })).toBe(state);
      const templates = request.templates.slice(0, 2);
      const next = transition(state, { type: "collection-changed", ...input, templates });
      expect(ids(next)).toEqual(["launch", "news"]);
    });

    it("given a remote catalogue, should know a template loaded by an earlier search", () => {
      const known = (id: string) => request.templates.find((template) => template.id === id);
      const state = transition(initialState({ ...input, templates: [], known }), { type: "choose", id: "bug" });
      expect(valueToSend(state)).toEqual({ templateId: "bug", variables: {} });
    });
  });
});

/** A store of one machine, as a framework adapter would keep it, with fake focusable controls. */
function store(outcome: SubmitOutcome = { type: "sent" }) {
  let state = initialState(input);
  const focused: string[] = [];
  const submitted: unknown[] = [];
  const send = (event: TemplatePickerEvent) => {
    state = transition(state, event);
  };
  const controls = new Map<string, TemplatePickerControl>();
  const control = (key: string) => ({ value: key.slice(1), focus: () => focused.push(key) });
  const context: TemplatePickerConnectContext = {
    id: "tp",
    labels: templateLabels,
    query: "",
    remote: undefined,
    controls,
    submit: (value) => {
      submitted.push(value);
      return outcome;
    },
  };
  return {
    api: () => connect(state, send, { ...context, query: state.query }),
    state: () => state,
    focused,
    submitted,
    control,
  };
}

describe("template picker connect", () => {
  it("should give each card's radio its name, value, state, tab stop and descriptions, with handlers that stay the same", () => {
    const tp = store();
    const api = tp.api();
    const launch = api.templateAt(0);
    if (!launch) throw new Error("no card");
    const radio = api.getCardRadioProps(launch, 0);
    expect(radio).toMatchObject({
      type: "radio",
      name: "tp-template",
      value: "launch",
      checked: false,
      tabIndex: 0,
      "data-item-index": 0,
      "aria-posinset": 1,
      "aria-setsize": 4,
      "aria-labelledby": "tp-template-0-name",
      "aria-describedby": "tp-template-0-details",
    });
    radio.onChange({ currentTarget: { value: "launch" } });
    const after = tp.api();
    expect(after.getCardProps(launch, 0)).toMatchObject({ "data-state": "checked", "data-highlighted": "" });
    expect(after.getCardRadioProps(launch, 0).onChange).toBe(radio.onChange);
    expect(after.getCardRadioProps(launch, 0).ref).toBe(radio.ref);
  });

  it("should focus the card holding the tab stop when no template is chosen, through its ref", () => {
    const tp = store();
    const ref = tp.api().getCardRadioProps(request.templates[1] as never, 1).ref;
    const cleanup = ref(tp.control("#news"));
    tp.api().highlightAt(1);
    tp.api().submit();
    expect(tp.focused).toEqual(["#news"]);
    expect(tp.api().templateError).toBe("Choose a template");
    expect(tp.api().getCardsProps()).toMatchObject({ "aria-invalid": true, "aria-describedby": "tp-template-error" });
    // Unmounted: the search box takes focus instead.
    cleanup?.();
    tp.api().getSearchInputProps().ref(tp.control("#"));
    tp.api().submit();
    expect(tp.focused).toEqual(["#news", "#"]);
    expect(tp.submitted).toEqual([]);
  });

  it("should focus the first invalid variable, then send the answer once it is filled", () => {
    const tp = store();
    tp.api().chooseAt(0);
    const product = chosenTemplate(tp.state())?.variables?.[0];
    if (!product) throw new Error("no variable");
    tp.api()
      .getVariableControlProps(product)
      .ref({ focus: () => tp.focused.push("product") });
    tp.api().submit();
    expect(tp.focused).toEqual(["product"]);
    expect(tp.api().issues).toEqual(["Product name: Required"]);
    tp.api().getVariableControlProps(product).onValueChange("Gizmo");
    tp.api().submit();
    expect(tp.submitted).toEqual([{ templateId: "launch", variables: { product: "Gizmo", tone: "friendly" } }]);
    expect(tp.state().sent).toBe(true);
  });

  it("should show the host's refusal and focus its field", () => {
    const tp = store({ type: "refused", issues: [{ path: ["templateId"], message: "Retired" }] });
    tp.api().getSearchInputProps().ref(tp.control("#"));
    tp.api().chooseAt(2);
    tp.api().submit();
    expect(tp.api().templateError).toBe("Retired");
    expect(tp.focused).toEqual(["#"]);
  });

  it("should search by the box's change, keep Enter from sending, and clear the filters", () => {
    const tp = store();
    tp.api()
      .getSearchInputProps()
      .onChange({ currentTarget: { value: "bug" } });
    expect(tp.api().count).toBe(1);
    const enter = { key: "Enter", prevented: false, preventDefault: () => Object.assign(enter, { prevented: true }) };
    tp.api().getSearchInputProps().onKeyDown(enter);
    expect(enter.prevented).toBe(true);
    tp.api().clearFilters();
    expect(tp.api().count).toBe(4);
  });

  it("should be exported from hitl-kit/widgets", () => {
    const state = widgets.templatePickerMachine.initialState(input);
    const next = widgets.templatePickerMachine.transition(state, { type: "choose", id: "bug" });
    expect(widgets.templatePickerMachine.valueToSend(next)).toEqual({ templateId: "bug", variables: {} });
    expect(widgets.connectTemplatePicker).toBe(connect);
    expect(widgets.templatePickerAnatomy.card).toBe("card");
  });
});
