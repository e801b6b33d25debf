import type { Template, TemplateRequest } from "../../kinds/template";
import { foldSearchText, matchesWords, searchWords } from "../shared/search";
import type { TemplateLabels } from "./labels";

/**
 * What a template request offers, indexed once per list of templates: the inline templates, or a
 * remote catalogue's templates loaded so far for the current search. Pure: no React, no DOM.
 */

export interface TemplateCollectionInput {
  readonly request: TemplateRequest;
  readonly templates: readonly Template[];
  /**
   * Set for a remote catalogue (its loader searches it): any template it loaded, by id, from any
   * search (`RemoteCollection.known`).
   */
  readonly known: ((id: string) => Template | undefined) | undefined;
  /** The words the machine's issues and summary use. */
  readonly labels: Pick<TemplateLabels, "chooseTemplate" | "issue">;
}

export interface TemplateCollection extends TemplateCollectionInput {
  readonly byId: ReadonlyMap<string, Template>;
  /** Each template's name, description and tags, folded for the search rule (`search.ts`). */
  readonly haystacks: readonly string[];
  /** Every tag, most used first (ties in first-seen order). */
  readonly tags: readonly string[];
}

export function createCollection(input: TemplateCollectionInput): TemplateCollection {
  const counts = new Map<string, number>();
  for (const { tags } of input.templates) for (const tag of new Set(tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return {
    ...input,
    byId: new Map(input.templates.map((template) => [template.id, template])),
    haystacks: input.templates.map((t) => foldSearchText([t.name, t.description ?? "", ...t.tags].join("\n"))),
    // Array.prototype.sort is stable: ties keep their first-seen order.
    tags: [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0)),
  };
}

/** Whether `input` offers what the collection holds already (no need to index it again). */
export function sameSource(collection: TemplateCollection, input: TemplateCollectionInput): boolean {
  return (
    collection.request === input.request &&
    collection.templates === input.templates &&
    collection.known === input.known &&
    collection.labels === input.labels
  );
}

/** The last view of each collection: a query's view is asked for many times between changes. */
const lastView = new WeakMap<TemplateCollection, { readonly key: string; readonly view: readonly number[] }>();

/**
 * The positions of the templates matching every word of `query` (a remote catalogue's loader
 * searches instead: its query is not applied here) and carrying every one of `tags`.
 */
export function templateView(
  collection: TemplateCollection,
  query: string,
  tags: readonly string[],
): readonly number[] {
  const words = collection.known ? [] : searchWords(query);
  const key = `${words.join(" ")}\u0000${tags.join("\u0000")}`;
  const cached = lastView.get(collection);
  if (cached?.key === key) return cached.view;
  const view: number[] = [];
  collection.templates.forEach((template, position) => {
    if (matchesWords(collection.haystacks[position] ?? "", words) && tags.every((tag) => template.tags.includes(tag)))
      view.push(position);
  });
  lastView.set(collection, { key, view });
  return view;
}
