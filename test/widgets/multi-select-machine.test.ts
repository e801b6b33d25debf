import { type MultiSelectRequest, multiSelectKind } from "../../src/kinds/multi-select";
import type { OptionRow } from "../../src/widgets/multi-select/collection";
import { connect, type MultiSelectConnectContext } from "../../src/widgets/multi-select/connect";
import { multiSelectLabels } from "../../src/widgets/multi-select/labels";
import {
  initialState,
  type MultiSelectEvent,
  type MultiSelectState,
  transition,
} from "../../src/widgets/multi-select/machine";
import type { MessageIssue, SubmitOutcome } from "../../src/widgets/shared/connect-types";
import { sourceImports } from "./source-imports";

/** The machine and its prop getters, without React: state in, props out, events back. */

const fruits: MultiSelectRequest = multiSelectKind.request.parse({
  kind: "multi-select",
  options: [
    { id: "apple", label: "Apple", group: "Fruits", description: "Crisp and red" },
    { id: "banana", label: "Banana", group: "Fruits" },
    { id: "carrot", label: "Carrot", group: "Vegetables" },
    { id: "durian", label: "Durian", group: "Fruits", disabled: true },
    { id: "eggplant", label: "Eggplant", group: "Vegetables" },
  ],
  min: 1,
  max: 3,
});

/** A store of one machine, as a framework adapter would keep it. */
function machine(request = fruits, outcome: SubmitOutcome<MessageIssue> = { type: "sent" }) {
  let state = initialState(request);
  const sent: MultiSelectEvent[] = [];
  const submitted: unknown[] = [];
  const send = (event: MultiSelectEvent) => {
    sent.push(event);
    state = transition(state, event);
  };
  const context: MultiSelectConnectContext = {
    id: "ms",
    labels: multiSelectLabels,
    interactive: true,
    submit: (value) => {
      submitted.push(value);
      return outcome;
    },
  };
  return {
    api: () => connect(state, send, context),
    state: (): MultiSelectState => state,
    sent,
    submitted,
  };
}

function rowOf(api: ReturnType<typeof connect>, id: string): OptionRow {
  const row = api.view.rows.find((candidate) => candidate.type === "option" && api.view.ids[candidate.position] === id);
  if (row?.type !== "option") throw new Error(`no row for ${id}`);
  return row;
}

function keyEvent(key: string, target: { hasAttribute: (name: string) => boolean }, extra = {}) {
  const event = {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    timeStamp: 1_000,
    defaultPrevented: false,
    target: target as unknown as EventTarget,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...extra,
  };
  return event;
}
const onOption = { hasAttribute: (name: string) => name === "data-item-index" };

describe("multi-select connect", () => {
  it("should give each checkbox its id, value, state, description and the one tab stop", () => {
    const ms = machine();
    const api = ms.api();
    // Grouped list order: the Fruits (apple, banana, durian), then the Vegetables.
    expect(api.view.ids).toEqual(["apple", "banana", "durian", "carrot", "eggplant"]);
    expect(api.getOptionControlProps(rowOf(api, "apple"))).toMatchObject({
      id: "ms-option-0",
      type: "checkbox",
      value: "apple",
      checked: false,
      disabled: false,
      tabIndex: 0,
      "data-item-index": 0,
      "aria-describedby": "ms-option-0-description",
    });
    expect(api.getOptionControlProps(rowOf(api, "durian"))).toMatchObject({ disabled: true, tabIndex: -1 });
    expect(api.getOptionProps(rowOf(api, "durian"))).toEqual({
      "data-slot": "option",
      "data-state": "unchecked",
      "data-disabled": "",
      "data-highlighted": undefined,
    });
    expect(api.getOptionLabelProps(rowOf(api, "apple"))).toEqual({
      htmlFor: "ms-option-0",
      "data-slot": "option-label",
    });
    const fruitsSection = rowOf(api, "apple").section;
    expect(api.getGroupProps(fruitsSection, true)).toMatchObject({ role: "group", "aria-labelledby": "ms-group-0" });
    expect(api.getGroupProps(fruitsSection, false)).toMatchObject({ "aria-labelledby": "ms-group-0-label" });
  });

  it("should toggle through the checkbox's own change event, with handlers that stay the same", () => {
    const ms = machine();
    const before = ms.api().getOptionControlProps(rowOf(ms.api(), "banana"));
    before.onChange({ currentTarget: { value: "banana", checked: true } });
    const after = ms.api().getOptionControlProps(rowOf(ms.api(), "banana"));
    expect(after.checked).toBe(true);
    expect(after.onChange).toBe(before.onChange);
    expect(ms.api().texts.count).toBe("1 selected — choose 1 to 3");
  });

  it("should keep Select all focusable but unavailable past max, saying why", () => {
    const ms = machine();
    expect(ms.api().getSelectAllProps()).toMatchObject({
      "aria-disabled": true,
      "aria-describedby": "ms-select-all-hint",
    });
    expect(ms.api().texts.selectAllHint).toBe("Select all would choose 4, more than the 3 allowed.");
    expect(ms.api().getClearProps()["aria-disabled"]).toBe(true);
  });

  it("should move the tab stop with the keys the list handles and leave the rest to the checkbox", () => {
    const ms = machine();
    const focused: number[] = [];
    const environment = { pageRows: () => 10, focusPosition: (position: number) => focused.push(position) };
    const down = keyEvent("ArrowDown", onOption);
    ms.api().getListProps(environment).onKeyDown(down);
    expect(down.prevented).toBe(true);
    expect(focused).toEqual([1]);
    // Down again passes the disabled Durian.
    ms.api()
      .getListProps(environment)
      .onKeyDown(keyEvent("ArrowDown", onOption, { timeStamp: 1_100 }));
    expect(focused).toEqual([1, 3]);
    expect(ms.state().highlightedId).toBe("carrot");
    // Space checks natively; Alt combinations and keys outside the options are not the list's.
    for (const event of [
      keyEvent(" ", onOption),
      keyEvent("ArrowDown", onOption, { altKey: true }),
      keyEvent("ArrowDown", { hasAttribute: () => false }),
    ]) {
      ms.api().getListProps(environment).onKeyDown(event);
      expect(event.prevented).toBe(false);
    }
    expect(focused).toEqual([1, 3]);
  });

  it("should submit the value in option order, and show the schema's issues once each", () => {
    const issues = [{ message: "Too many" }, { message: "Too many" }, { message: "Disabled" }];
    const ms = machine(fruits, { type: "invalid", issues });
    ms.api().toggle("eggplant", true);
    ms.api().toggle("apple", true);
    ms.api().submit();
    expect(ms.submitted).toEqual([{ selected: ["apple", "eggplant"] }]);
    expect(ms.state().issues).toEqual(["Too many", "Disabled"]);
    expect(ms.state().submitAttempts).toBe(1);
    expect(ms.api().getRootProps()).toEqual({ "data-touched": "", "data-invalid": "" });
    // Any toggle clears them.
    ms.api().toggle("banana", true);
    expect(ms.state().issues).toEqual([]);
  });

  it("should show the host's refusal as given, and change nothing when the submit was ignored", () => {
    const refused = machine(fruits, { type: "refused", issues: [{ message: "No" }, { message: "No" }] });
    refused.api().submit();
    expect(refused.state().issues).toEqual(["No", "No"]);
    const ignored = machine(fruits, { type: "ignored" });
    const before = ignored.state();
    ignored.api().submit();
    expect(ignored.state()).toBe(before);
  });

  it("should cap the search box at the shared limit and describe it by the match count while searching", () => {
    const long = multiSelectKind.request.parse({
      kind: "multi-select",
      options: Array.from({ length: 20 }, (_, index) => ({ id: `o${index}`, label: `Crème ${index}` })),
    });
    const ms = machine(long);
    expect(ms.api().getSearchInputProps()).toMatchObject({ maxLength: 500, "aria-describedby": undefined });
    ms.api().search("CREME 1");
    expect(ms.api().getSearchInputProps()["aria-describedby"]).toBe("ms-matches");
    expect(ms.api().texts.matches).toBe("11 of 20 options shown");
    ms.api().search("x".repeat(600));
    expect(ms.state().query).toHaveLength(500);
  });
});

describe("multi-select machine modules", () => {
  it("given connect and everything it imports, should import nothing but zod and the RE2 engine (no React, no DOM library)", () => {
    const { files: seen, outside } = sourceImports("src/widgets/multi-select/connect.ts");
    expect(seen.size).toBeGreaterThan(5);
    expect(outside.filter((specifier) => specifier !== "zod" && specifier !== "re2js")).toEqual([]);
  });
});

describe("hitl-kit/widgets", () => {
  it("should export the multi-select's machine, connect, hook and anatomy for headless use", async () => {
    const widgets = await import("../../src/widgets/index");
    const state = widgets.multiSelectMachine.initialState(fruits);
    const next = widgets.multiSelectMachine.transition(state, { type: "toggle", id: "apple" });
    expect(widgets.multiSelectMachine.valueToSend(next)).toEqual({ selected: ["apple"] });
    expect(typeof widgets.connectMultiSelect).toBe("function");
    expect(typeof widgets.useMultiSelect).toBe("function");
    expect(widgets.multiSelectAnatomy.option).toBe("option");
  });
});
