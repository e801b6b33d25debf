import fc from "fast-check";
import { type Template, templateKind } from "../../src/kinds/template";
import { matchesSearch } from "../../src/widgets/shared/search";
import type { TemplateCollectionInput } from "../../src/widgets/template-picker/collection";
import { templateLabels } from "../../src/widgets/template-picker/labels";
import {
  errorOf,
  highlightedIndex,
  initialState,
  summary,
  type TemplatePickerEvent,
  type TemplatePickerState,
  transition,
  valueToSend,
  visible,
} from "../../src/widgets/template-picker/machine";

/**
 * The template picker machine against random galleries and random sequences of what a person (and
 * a host, and a remote catalogue loading pages) can do. What must hold after every step is what
 * held of the widget before it was a machine; the cards shown are checked against the search rule
 * applied plainly.
 */

const IDS = ["a", "b", "c", "d", "e", "f", "g", "h"];
const NAMES = ["Apple", "apricot", "Banana", "Crème", "creme brulee", "Date", "Éclair", "fig"];
const TAGS = ["x", "y", "z"];
const VARIABLES = ["topic", "tone", "body"];

const templateArb = (id: string): fc.Arbitrary<Template> =>
  fc
    .record({
      name: fc.constantFrom(...NAMES),
      tags: fc.subarray(TAGS),
      variables: fc.subarray(VARIABLES),
      required: fc.boolean(),
    })
    .map(({ name, tags, variables, required }) => ({
      id,
      name,
      tags,
      variables: variables.map((variable) => ({
        name: variable,
        label: variable.toUpperCase(),
        required,
        multiline: false,
        ...(variable === "tone" ? { default: "calm" } : {}),
      })),
    }));

/** 0 to 8 templates, inline or remote. */
const inputArb: fc.Arbitrary<TemplateCollectionInput> = fc
  .record({ ids: fc.shuffledSubarray(IDS), remote: fc.boolean() })
  // An inline request must offer a template (the kind says so); a remote one may hold none yet.
  .map(({ ids, remote }) => ({ ids, remote: remote || ids.length === 0 }))
  .chain(({ ids, remote }) =>
    fc.tuple(...ids.map(templateArb)).map((templates) => {
      const request = templateKind.request.parse(
        remote ? { kind: "template", source: { id: "catalogue" } } : { kind: "template", templates },
      );
      const byId = new Map(templates.map((template) => [template.id, template]));
      return {
        request,
        templates,
        known: remote ? (id: string) => byId.get(id) : undefined,
        labels: templateLabels,
      };
    }),
  );

const idArb = fc.constantFrom(...IDS, "ghost");
const textArb = fc.constantFrom("", " ", "Q3", "x".repeat(20));

const eventArb: fc.Arbitrary<TemplatePickerEvent> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant("choose" as const), id: idArb }) },
  fc.record({ type: fc.constant("highlight" as const), id: idArb }),
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("set-variable" as const),
      name: fc.constantFrom(...VARIABLES),
      value: textArb,
    }),
  },
  fc.record({ type: fc.constant("touch" as const), name: fc.constantFrom(...VARIABLES) }),
  fc.record({ type: fc.constant("search" as const), query: fc.constantFrom("", "ap", "CREME", "a b", "zz", " e ") }),
  fc.record({ type: fc.constant("set-tags" as const), tags: fc.subarray(TAGS) }),
  fc.constant({ type: "clear-filters" as const }),
  fc.constant({ type: "submit-attempt" as const }),
  fc.record({
    type: fc.constant("refused" as const),
    issues: fc.array(
      fc.record({ path: fc.constantFrom(["variables", "topic"], ["templateId"], []), message: fc.constant("No") }),
      { maxLength: 2 },
    ),
  }),
  fc.constant({ type: "sent" as const }),
);
const eventsArb = fc.array(eventArb, { maxLength: 40 });

describe("template picker machine (property)", () => {
  it("given random galleries and events, should show exactly the templates the search rule and tags match", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        let state = initialState(input);
        for (const event of events) {
          state = transition(state, event);
          const expected = input.templates
            .filter(
              (t) =>
                (input.known !== undefined || matchesSearch([t.name, "", ...t.tags].join("\n"), state.query)) &&
                state.tags.every((tag) => t.tags.includes(tag)),
            )
            .map((t) => t.id);
          const shown = visible(state).map((position) => input.templates[position]?.id);
          expect(shown).toEqual(expected);
          const index = highlightedIndex(state);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(Math.max(shown.length, 1));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given random events, should only ever choose an offered template, and send its variables alone", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        const offered = new Map(input.templates.map((template) => [template.id, template]));
        let state = initialState(input);
        for (const event of events) {
          const before = state;
          state = transition(before, event);
          const { templateId } = state.draft;
          if (templateId !== undefined) expect(offered.has(templateId)).toBe(true);
          const value = valueToSend(state);
          if (templateId === undefined) expect(value).toBeUndefined();
          else {
            const names = (offered.get(templateId)?.variables ?? []).map((variable) => variable.name);
            expect(Object.keys(value?.variables ?? {})).toEqual(names);
          }
          // A new choice starts from the template's defaults, clean.
          if (event.type === "choose" && templateId !== before.draft.templateId) {
            expect(state.submitted).toBe(false);
            expect(state.touched.size).toBe(0);
            expect(state.refused).toEqual([]);
          }
          // Filters, focus and submitting never change the draft.
          if (!["choose", "set-variable"].includes(event.type)) expect(state.draft).toBe(before.draft);
          // Changing the draft tells the owner, and clears the host's refusal.
          if (state.draft !== before.draft) {
            expect(state.lastChange).toBe(state.draft);
            expect(state.refused).toEqual([]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given random events, should show errors only once a field was left or a submit tried, the summary only after a try", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        let state = initialState(input);
        for (const event of events) {
          state = transition(state, event);
          if (!state.submitted) expect(summary(state)).toEqual([]);
          for (const name of VARIABLES) {
            if (!state.submitted && !state.touched.has(name)) expect(errorOf(state, name)).toBeUndefined();
          }
          // A valid draft with nothing refused has nothing to say, even after a try.
          if (state.submitted && summary(state).length === 0) expect(state.refused.length).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given any events, should be a pure function: same events, same states; no-ops return the state itself", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, (input, events) => {
        const runOnce = () => {
          const states: TemplatePickerState[] = [initialState(input)];
          for (const event of events) {
            const before = states.at(-1) as TemplatePickerState;
            const next = transition(Object.freeze({ ...before, draft: Object.freeze({ ...before.draft }) }), event);
            if (["highlight", "search", "touch", "sent", "clear-filters", "submit-attempt"].includes(event.type)) {
              expect(transition(next, event)).toBe(next);
            }
            states.push(next);
          }
          return states.map(({ collection: _, ...rest }) => ({ ...rest, touched: [...rest.touched] }));
        };
        expect(runOnce()).toEqual(runOnce());
      }),
      { numRuns: 200 },
    );
  });

  it("given a remote catalogue loading pages between events, should keep the draft across pages and searches", () => {
    fc.assert(
      fc.property(inputArb, eventsArb, fc.array(fc.nat(), { maxLength: 5 }), (input, events, cuts) => {
        fc.pre(input.known !== undefined);
        let state = initialState({ ...input, templates: [] });
        events.forEach((event, step) => {
          const cut = (cuts[step % Math.max(cuts.length, 1)] ?? 0) % (input.templates.length + 1);
          const before = state.draft;
          state = transition(state, { type: "collection-changed", ...input, templates: input.templates.slice(0, cut) });
          expect(state.draft).toBe(before);
          state = transition(state, event);
          // A template chosen on an earlier page is still known, so still sent.
          if (state.draft.templateId !== undefined) expect(valueToSend(state)?.templateId).toBe(state.draft.templateId);
        });
      }),
      { numRuns: 200 },
    );
  });
});
