#!/usr/bin/env node
/**
 * A picker without React: the multi-select's pure machine and its `connect`, as a Vue, Svelte or
 * Lit port (or a terminal UI) would drive them. The machine takes events and returns the next
 * state; `connect` turns a state into what each part shows and its props (ARIA, `data-state`,
 * handlers that send events). Every built-in picker exports the same three things from
 * `hitl-kit/widgets`: `<picker>Machine`, `connect<Picker>` and its default labels.
 *
 *   npm run build && node examples/node/multi-select-machine.mjs
 */
import { multiSelectKind } from "hitl-kit/kinds";
import { connectMultiSelect, multiSelectLabels, multiSelectMachine } from "hitl-kit/widgets";

const print = (line) => process.stdout.write(`${line}\n`);

// A request as the kit validates it (defaults filled in): what every machine starts from.
const request = multiSelectKind.request.parse({
  kind: "multi-select",
  options: [
    { id: "ts", label: "TypeScript" },
    { id: "rs", label: "Rust" },
    { id: "go", label: "Go" },
  ],
  max: 2,
});

let state = multiSelectMachine.initialState(request);
const send = (event) => {
  state = multiSelectMachine.transition(state, event);
};

send({ type: "toggle", id: "rs", checked: true });
send({ type: "toggle", id: "ts", checked: true });
send({ type: "toggle", id: "go", checked: true }); // refused: past max
print(`selected: ${state.selected.join(", ")}; notice: ${state.notice}`);

const api = connectMultiSelect(state, send, {
  id: "tags",
  labels: multiSelectLabels,
  interactive: true,
  // Where the kit's React parts call the client (one answer per request), a port calls its own.
  submit: (value) => {
    print(`answer: ${JSON.stringify(value)}`);
    return { type: "sent" };
  },
});
print(`count: ${api.texts.count}`);
api.submit();
