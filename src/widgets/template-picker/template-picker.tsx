"use client";
import {
  type ComponentPropsWithoutRef,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { HitlIssue, Validated } from "../../core/issues";
import { isSafeMediaUrl } from "../../core/url";
import type { CollectionSource } from "../../kinds/collection";
import { validateAnswer } from "../../kinds/define-kind";
import {
  type Template,
  type TemplateRequest,
  type TemplateResponse,
  type TemplateVariable,
  templateDefaults,
  templateKind,
  templateSchema,
} from "../../kinds/template";
import { useLabels } from "../../react/labels";
import { type RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import type { HitlWidgetProps } from "../../react/widget-props";
import { columnsFor } from "../shared/collection-keys";
import { createWidgetContext } from "../shared/create-widget-context";
import { Field } from "../shared/field";
import { CollectionStatus, collectionLabels } from "../shared/remote-collection";
import { ToggleRow } from "../shared/roving-group";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit } from "../shared/shell-submit";
import { TextControl } from "../shared/text-control";
import { type Draft, useDraft } from "../shared/use-draft";
import { ValueList } from "../shared/value-list";
import { rowStyle, sizerStyle, useElementWidth, useVirtualCollection } from "../shared/virtual-collection";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
} from "../shared/widget-shell";
import { type TemplateLabels, templateLabels } from "./labels";

/**
 * Template gallery: search and tag filters narrow a virtualized grid of cards (a radio group: arrow
 * keys move the choice), then the chosen template's variables are filled in and validated before sending
 * `{ templateId, variables }`.
 */

/** The picker's draft: the chosen template and its variable values. */
export interface TemplateDraft {
  templateId?: string | undefined;
  variables: Record<string, string>;
}

export interface TemplatePickerDraftProps {
  /** The draft (controlled). Variables missing from it read as the variable's default. */
  value?: TemplateDraft | undefined;
  /** The initial draft (uncontrolled). @default { variables: {} } */
  defaultValue?: TemplateDraft | undefined;
  /** Called with the whole draft when the choice or a variable changes. */
  onValueChange?: ((draft: TemplateDraft) => void) | undefined;
}

export type TemplatePickerProps = HitlWidgetProps<TemplateRequest, TemplateResponse> & TemplatePickerDraftProps;

/** How many tags show before "n more tags": a gallery of 2,000 templates may carry hundreds. */
const VISIBLE_TAGS = 24;
const EMPTY_DRAFT: TemplateDraft = { variables: {} };

interface IndexedTemplate {
  readonly template: Template;
  /** Position in the payload: a safe base for element ids (template ids may hold spaces). */
  readonly position: number;
  readonly text: string;
  readonly tags: ReadonlySet<string>;
}

/** Lower-cased search text per template, and every tag by how many templates carry it. */
export function indexTemplates(templates: readonly Template[]): { entries: IndexedTemplate[]; tags: string[] } {
  const counts = new Map<string, number>();
  const entries = templates.map((template, position) => {
    for (const tag of new Set(template.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    return {
      template,
      position,
      text: [template.name, template.description ?? "", ...template.tags].join("\n").toLowerCase(),
      tags: new Set(template.tags),
    };
  });
  // Most used first; Array.prototype.sort is stable, so ties keep their first-seen order.
  const tags = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  return { entries, tags };
}

/** Templates matching every word of the query (name, description, tags) and carrying every tag. */
export function filterTemplates(
  entries: readonly IndexedTemplate[],
  query: string,
  tags: readonly string[],
): IndexedTemplate[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && tags.length === 0) return [...entries];
  return entries.filter(
    (entry) => words.every((word) => entry.text.includes(word)) && tags.every((tag) => entry.tags.has(tag)),
  );
}

interface TemplateContextValue {
  readonly payload: TemplateRequest;
  /** Set when the request names a catalogue the app serves (`source`). */
  readonly remote: RemoteCollection<Template> | undefined;
  /** Any template the picker knows by id (a remote one from an earlier search too). */
  readonly lookup: (templateId: string) => Template | undefined;
  readonly labels: TemplateLabels;
  readonly answer: TemplateResponse | undefined;
  readonly ids: { readonly radioName: string; readonly search: string; readonly templateError: string };
  readonly tags: readonly string[];
  readonly query: string;
  readonly setQuery: (query: string) => void;
  readonly selectedTags: string[];
  readonly setSelectedTags: (tags: string[]) => void;
  readonly filtered: readonly IndexedTemplate[];
  readonly chosen: Template | undefined;
  readonly chosenId: string | undefined;
  readonly choose: (templateId: string) => void;
  readonly variableValue: (variable: TemplateVariable) => string;
  readonly setVariable: (name: string, value: string) => void;
  readonly templateError: string | undefined;
  readonly groupRef: RefObject<HTMLDivElement | null>;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  /** The variables' touched state and errors, the summary, focus and submit. */
  readonly draft: Draft<TemplateDraft>;
}

const [TemplateProvider, useTemplatePicker] = createWidgetContext<TemplateContextValue>("TemplatePicker");

/** The draft's key for the choice of template (a variable's name always starts with a letter). */
const CHOICE = "";

/** Where an issue shows: the choice of template, one of its variables, or (undefined) the summary only. */
function fieldOfTemplateIssue(issue: HitlIssue): string | undefined {
  const [root, name] = issue.path;
  if (root === "templateId") return CHOICE;
  return root === "variables" && typeof name === "string" ? name : undefined;
}

/** A variable's text in the draft; one the draft lacks reads as the variable's default. */
function readVariable(variables: Readonly<Record<string, string>>, variable: TemplateVariable): string {
  return (Object.hasOwn(variables, variable.name) ? variables[variable.name] : undefined) ?? variable.default ?? "";
}

export interface TemplatePickerRootProps
  extends Omit<TemplatePickerProps, "prompt">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

/**
 * Inline templates come with the payload; a request that names a `source` gets them from the
 * loader the app registered for it, page by page, searched by the loader (`useRemoteCollection`).
 */
function Root(props: TemplatePickerRootProps) {
  const { source } = props.payload;
  return source ? (
    <RemoteRoot {...props} source={source} />
  ) : (
    <RootView {...props} templates={props.payload.templates} />
  );
}

const templateIdOf = (template: Template) => template.id;

function RemoteRoot({ source, ...props }: TemplatePickerRootProps & { source: CollectionSource }) {
  const remote = useRemoteCollection({ source, item: templateSchema, itemId: templateIdOf, scope: "template" });
  return <RootView {...props} templates={remote.items} remote={remote} />;
}

function RootView({
  templates,
  remote,
  ...props
}: TemplatePickerRootProps & { templates: readonly Template[]; remote?: RemoteCollection<Template> }) {
  const [shell, { payload, answer, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const labels = useLabels("template", templateLabels);
  const [localQuery, setLocalQuery] = useState("");
  // A remote catalogue is searched by its loader; inline templates here.
  const query = remote ? remote.query : localQuery;
  const setQuery = remote ? remote.setQuery : setLocalQuery;
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const groupRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const base = useId();

  const index = useMemo(() => indexTemplates(templates), [templates]);
  const byId = useMemo(() => new Map(templates.map((template) => [template.id, template])), [templates]);
  const lookup = useCallback((id: string) => byId.get(id) ?? remote?.known(id), [byId, remote]);
  // Typing stays responsive over thousands of cards: the grid catches up at a lower priority.
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(
    () => filterTemplates(index.entries, remote ? "" : deferredQuery, selectedTags),
    [index, remote, deferredQuery, selectedTags],
  );
  // A remote answer is checked against what the loader returned: the chosen template's record.
  const contextOf = useCallback(
    (templateId: string | undefined) => {
      if (!remote) return undefined;
      const template = templateId === undefined ? undefined : lookup(templateId);
      return { items: template ? [template] : [] };
    },
    [remote, lookup],
  );

  const validate = useCallback(
    ({ templateId, variables }: TemplateDraft): Validated<TemplateResponse> => {
      if (templateId === undefined)
        return { ok: false, issues: [{ path: ["templateId"], message: labels.chooseTemplate }] };
      // Only the chosen template's variables: a draft may still hold another template's values.
      const values = (lookup(templateId)?.variables ?? []).map((variable) => [
        variable.name,
        readVariable(variables, variable),
      ]);
      return validateAnswer(
        templateKind,
        payload,
        { templateId, variables: Object.fromEntries(values) },
        contextOf(templateId),
      );
    },
    [payload, lookup, labels, contextOf],
  );
  // The choice, then the chosen template's variables: the order the picker shows them in.
  const fields = useCallback(
    ({ templateId }: TemplateDraft) => [
      { name: CHOICE },
      ...((templateId === undefined ? undefined : lookup(templateId))?.variables ?? []).map((variable) => ({
        name: variable.name,
        label: variable.label,
      })),
    ],
    [lookup],
  );
  const draft = useDraft({
    value,
    defaultValue: defaultValue ?? EMPTY_DRAFT,
    onValueChange,
    validate,
    fields,
    fieldOf: fieldOfTemplateIssue,
    formatIssue: labels.issue,
    status: shell.status,
    onSubmit,
    context: ({ templateId }) => contextOf(templateId),
  });

  const chosenId = draft.value.templateId;
  const chosen = chosenId === undefined ? undefined : lookup(chosenId);
  const { variables } = draft.value;
  const variableValue = useCallback((variable: TemplateVariable) => readVariable(variables, variable), [variables]);

  const { registerControl, reset, setValue } = draft;
  useEffect(() => {
    // The choice is focused as a radio: the checked card, else the first one, else the search box.
    registerControl(CHOICE, {
      focus: () => {
        const radios = groupRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]');
        const target = radios && ([...radios].find((radio) => radio.checked) ?? radios[0]);
        (target ?? searchRef.current)?.focus();
      },
    });
    return () => registerControl(CHOICE, null);
  }, [registerControl]);

  const choose = useCallback(
    (templateId: string) => {
      const template = lookup(templateId);
      if (!template) return;
      // A new choice starts clean: its variables' errors show only once they are left or submitted.
      reset();
      setValue((previous) =>
        previous.templateId === templateId ? previous : { templateId, variables: templateDefaults(template) },
      );
    },
    [lookup, reset, setValue],
  );

  const context: TemplateContextValue = {
    payload,
    remote,
    lookup,
    labels,
    answer,
    ids: { radioName: `${base}-template`, search: `${base}-search`, templateError: `${base}-template-error` },
    tags: index.tags,
    query,
    setQuery,
    selectedTags,
    setSelectedTags,
    filtered,
    chosen,
    chosenId,
    choose,
    variableValue,
    setVariable: (name, next) =>
      setValue((previous) => ({ ...previous, variables: { ...previous.variables, [name]: next } })),
    templateError: draft.error(CHOICE),
    groupRef,
    searchRef,
    draft,
  };

  return (
    <TemplateProvider value={context}>
      <ShellRoot kind="template" {...shell} {...fieldset} className={cx("hitl-template-picker", className)} />
    </TemplateProvider>
  );
}

/** The `<form>` holding filters, cards, variables and actions; gone once the receipt shows. */
function Body({ className, ...props }: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { draft } = useTemplatePicker();
  return <ShellForm onSubmit={draft.submit} className={cx("hitl-template-body", className)} {...props} />;
}

/** The labelled search box. */
function Search({ className }: { className?: string }) {
  const { labels, ids, query, setQuery, searchRef } = useTemplatePicker();
  return (
    <div data-slot="search" className={cx("hitl-template-search", className)}>
      <label htmlFor={ids.search} className="hitl-visually-hidden">
        {labels.search}
      </label>
      <input
        ref={searchRef}
        id={ids.search}
        type="search"
        className="hitl-input"
        value={query}
        placeholder={labels.searchPlaceholder}
        autoComplete="off"
        maxLength={500}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter in a search box means "search", never "send the answer".
          if (event.key === "Enter") event.preventDefault();
        }}
      />
    </div>
  );
}

/** Tag toggles (arrow keys move between them); a template must carry every pressed tag. */
function Tags({ className }: { className?: string }) {
  const { labels, tags, selectedTags, setSelectedTags } = useTemplatePicker();
  const [expanded, setExpanded] = useState(false);
  if (tags.length === 0) return null;
  const hidden = expanded ? 0 : Math.max(0, tags.length - VISIBLE_TAGS);
  // Pressed tags stay visible even when folded away.
  const shown = hidden === 0 ? tags : tags.filter((tag, i) => i < VISIBLE_TAGS || selectedTags.includes(tag));
  return (
    <div data-slot="tags" className={cx("hitl-template-tags-filter", className)}>
      <ToggleRow.Root
        aria-label={labels.tags}
        values={shown}
        pressed={selectedTags}
        onPressedChange={setSelectedTags}
        className="hitl-template-tag-toggles"
      >
        {shown.map((tag) => (
          <ToggleRow.Item key={tag} value={tag} data-slot="tag-toggle" className="hitl-tag-toggle">
            {tag}
          </ToggleRow.Item>
        ))}
      </ToggleRow.Root>
      {(hidden > 0 || expanded) && tags.length > VISIBLE_TAGS && (
        <button
          type="button"
          data-slot="tags-more"
          className="hitl-button hitl-tags-more"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? labels.fewerTags : labels.moreTags(tags.length - VISIBLE_TAGS)}
        </button>
      )}
    </div>
  );
}

/** How many templates match, announced politely as filters change. */
function Count({ className }: { className?: string }) {
  const { labels, filtered, remote } = useTemplatePicker();
  // A remote catalogue's status says what is loading, what failed (with Retry) and how many are in.
  if (remote) return <CollectionStatus remote={remote} className={className} />;
  return (
    <p data-slot="count" className={cx("hitl-help hitl-template-count", className)} role="status" aria-live="polite">
      {labels.count(filtered.length)}
    </p>
  );
}

/** Cards are at least this wide; as many columns as fit. */
const CARD_MIN_WIDTH = 180;
const CARD_GAP = 10;
/** A row of cards' estimated height before it is measured. */
const CARD_ROW_ESTIMATE = 240;
/** Rows assumed visible while the gallery has no height (first render, jsdom, hidden container). */
const FALLBACK_CARD_ROWS = 4;

/**
 * The radio group of matching cards, or the empty state. Virtualized by rows (10,000 templates
 * mount a screenful of cards), one tab stop: every arrow steps through the cards in reading order
 * and checks the card it lands on, as in a radio group; Home/End, PageUp/PageDown and type-ahead too.
 */
function Cards({ className }: { className?: string }) {
  const { labels, ids, filtered, chosenId, choose, templateError, groupRef, remote } = useTemplatePicker();
  if (filtered.length === 0) return remote && remote.status !== "ready" ? null : <Empty />;
  return (
    <div data-slot="cards-wrapper" className="hitl-template-cards-wrapper">
      <CardGrid
        groupRef={groupRef}
        className={className}
        filtered={filtered}
        chosenId={chosenId}
        choose={choose}
        labels={labels}
        radioName={ids.radioName}
        errorId={templateError ? ids.templateError : undefined}
      />
      {templateError && (
        <p data-slot="template-error" id={ids.templateError} className="hitl-field-error">
          {templateError}
        </p>
      )}
      {remote?.hasMore && <LoadMore remote={remote} />}
    </div>
  );
}

/** A remote catalogue's next page, on request: a button, so keyboard and screen reader users reach it. */
function LoadMore({ remote }: { remote: RemoteCollection<Template> }) {
  const labels = useLabels("collection", collectionLabels);
  return (
    <button
      type="button"
      data-slot="load-more"
      className="hitl-button hitl-template-load-more"
      disabled={remote.loadingMore}
      onClick={remote.loadMore}
    >
      {remote.loadingMore ? labels.loadingMore : labels.loadMore}
    </button>
  );
}

interface CardGridProps {
  readonly groupRef: RefObject<HTMLDivElement | null>;
  readonly className: string | undefined;
  readonly filtered: readonly IndexedTemplate[];
  readonly chosenId: string | undefined;
  readonly choose: (templateId: string) => void;
  readonly labels: TemplateLabels;
  readonly radioName: string;
  readonly errorId: string | undefined;
}

function CardGrid({ groupRef, className, filtered, chosenId, choose, labels, radioName, errorId }: CardGridProps) {
  const sizerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(sizerRef);
  const columns = columnsFor(width, CARD_MIN_WIDTH, CARD_GAP);
  const positionOf = useMemo(() => new Map(filtered.map((entry, index) => [entry.template.id, index])), [filtered]);
  // The tab stop follows focus, then the choice, then the first card (as a radio group's does).
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const active =
    (activeId === undefined ? undefined : positionOf.get(activeId)) ??
    (chosenId === undefined ? undefined : positionOf.get(chosenId)) ??
    0;
  const collection = useVirtualCollection({
    count: filtered.length,
    columns,
    rowHeight: CARD_ROW_ESTIMATE,
    measure: true,
    arrows: "linear",
    activeIndex: active,
    onActiveIndexChange: (index) => setActiveId(filtered[index]?.template.id),
    onMove: (index) => {
      const id = filtered[index]?.template.id;
      if (id !== undefined) choose(id);
    },
    labelOf: (index) => filtered[index]?.template.name ?? "",
    fallbackRows: FALLBACK_CARD_ROWS,
  });
  const { virtualizer, scrollRef } = collection;
  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element;
      groupRef.current = element;
    },
    [scrollRef, groupRef],
  );
  return (
    <div
      ref={setRefs}
      role="radiogroup"
      aria-label={labels.templates}
      aria-required="true"
      aria-invalid={errorId ? true : undefined}
      aria-errormessage={errorId}
      aria-describedby={errorId}
      data-slot="cards"
      data-columns={columns}
      className={cx("hitl-template-cards", className)}
      style={{ position: "relative", overflowY: "auto" }}
      onKeyDown={collection.onKeyDown}
    >
      <div ref={sizerRef} data-slot="cards-sizer" style={sizerStyle(virtualizer)}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              data-slot="cards-row"
              className="hitl-template-cards-row"
              style={rowStyle(row.start, { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` })}
            >
              {filtered.slice(start, start + columns).map((entry, offset) => (
                <Card
                  key={entry.template.id}
                  template={entry.template}
                  idBase={`${radioName}-${entry.position}`}
                  name={radioName}
                  checked={entry.template.id === chosenId}
                  onChoose={choose}
                  labels={labels}
                  position={start + offset}
                  count={filtered.length}
                  tabbable={start + offset === collection.active}
                  onActive={setActiveId}
                />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface CardProps {
  template: Template;
  idBase: string;
  name: string;
  checked: boolean;
  onChoose: (templateId: string) => void;
  labels: TemplateLabels;
  /** Position among the shown cards, found by the collection's keyboard. */
  position: number;
  count: number;
  tabbable: boolean;
  onActive: (templateId: string) => void;
}

/** One template as a radio card. Memoized: choosing one must not re-render the others. */
const Card = memo(function Card({
  template,
  idBase,
  name,
  checked,
  onChoose,
  labels,
  position,
  count,
  tabbable,
  onActive,
}: CardProps) {
  const nameId = `${idBase}-name`;
  const detailsId = `${idBase}-details`;
  const hasDetails = Boolean(template.description) || template.tags.length > 0;
  return (
    <label data-slot="card" data-state={checked ? "checked" : "unchecked"} className="hitl-template-card">
      <input
        type="radio"
        data-slot="card-radio"
        className="hitl-visually-hidden"
        name={name}
        value={template.id}
        checked={checked}
        tabIndex={tabbable ? 0 : -1}
        data-item-index={position}
        aria-posinset={position + 1}
        aria-setsize={count}
        aria-labelledby={nameId}
        aria-describedby={hasDetails ? detailsId : undefined}
        onChange={() => onChoose(template.id)}
        onFocus={() => onActive(template.id)}
      />
      <Preview url={template.previewUrl} labels={labels} />
      <span data-slot="card-name" id={nameId} className="hitl-template-name">
        {template.name}
      </span>
      {hasDetails && (
        <span id={detailsId} className="hitl-template-details">
          {template.description && (
            <span data-slot="card-description" className="hitl-template-description">
              {template.description}
            </span>
          )}
          {template.tags.length > 0 && (
            <span data-slot="card-tags" className="hitl-template-tags">
              {template.tags.map((tag) => (
                <span key={tag} className="hitl-tag">
                  {/* A separator for screen readers reading the description. */}
                  <span className="hitl-visually-hidden">, </span>
                  {tag}
                </span>
              ))}
            </span>
          )}
        </span>
      )}
    </label>
  );
});

/**
 * A template's preview: lazy, decorative (the name sits next to it), and a placeholder when the
 * URL is refused by `isSafeMediaUrl` or fails to load. A refused URL never reaches `src`.
 */
function Preview({ url, labels, className }: { url: string | undefined; labels: TemplateLabels; className?: string }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (url === undefined) {
    return (
      <span
        data-slot="preview"
        data-state="none"
        className={cx("hitl-template-preview", className)}
        aria-hidden="true"
      />
    );
  }
  if (!isSafeMediaUrl(url) || failed === url) {
    return (
      <span
        data-slot="preview"
        data-state="broken"
        className={cx("hitl-template-preview", className)}
        aria-hidden="true"
      >
        {labels.brokenPreview}
      </span>
    );
  }
  return (
    <span data-slot="preview" data-state="loaded" className={cx("hitl-template-preview", className)}>
      <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(url)} />
    </span>
  );
}

/** Nothing matches: say so, and offer to clear the filters. */
function Empty({ className }: { className?: string }) {
  const { labels, setQuery, setSelectedTags, searchRef } = useTemplatePicker();
  return (
    <div data-slot="empty" className={cx("hitl-template-empty", className)}>
      <p>{labels.noMatch}</p>
      <button
        type="button"
        className="hitl-button"
        onClick={() => {
          setQuery("");
          setSelectedTags([]);
          searchRef.current?.focus();
        }}
      >
        {labels.clearFilters}
      </button>
    </div>
  );
}

/** The chosen template's variables, when it declares any. */
function Variables({ className }: { className?: string }) {
  const { labels, chosen, ids, variableValue, setVariable, draft } = useTemplatePicker();
  const variables = chosen?.variables ?? [];
  if (!chosen || variables.length === 0) return null;
  return (
    <fieldset data-slot="variables" className={cx("hitl-template-variables", className)}>
      <legend className="hitl-template-variables-heading">{labels.variablesHeading(chosen.name)}</legend>
      {variables.map((variable) => (
        <Field
          key={`${chosen.id}\u0000${variable.name}`}
          label={variable.label}
          required={variable.required}
          error={draft.error(variable.name)}
          controlId={`${ids.radioName}-var-${variable.name}`}
          data-slot="variable"
        >
          {(control) => (
            <TextControl
              {...control}
              data-slot="variable-control"
              name={variable.name}
              required={variable.required}
              multiline={variable.multiline}
              placeholder={variable.placeholder}
              maxLength={variable.maxLength}
              value={variableValue(variable)}
              ref={(element) => draft.registerControl(variable.name, element)}
              onBlur={() => draft.touch(variable.name)}
              onValueChange={(next) => setVariable(variable.name, next)}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** The error summary after a submit attempt. */
function Issues({ id }: { id?: string }) {
  const { draft } = useTemplatePicker();
  return <ShellIssues messages={draft.summary} {...(id ? { id } : {})} />;
}

/** The chosen template (thumbnail and name) and its filled variables, for the receipt. */
function Chosen({ className }: { className?: string }) {
  const { lookup, labels, answer } = useTemplatePicker();
  if (!answer) return null;
  const template = lookup(answer.templateId);
  const variables: [string, string, string][] = template
    ? (template.variables ?? []).map((variable) => [
        variable.name,
        variable.label,
        answer.variables[variable.name] ?? "",
      ])
    : Object.entries(answer.variables).map(([name, text]) => [name, name, text]);
  return (
    <div data-slot="receipt-template" className={cx("hitl-template-chosen", className)}>
      <Preview url={template?.previewUrl} labels={labels} className="hitl-template-thumbnail" />
      <div className="hitl-template-chosen-text">
        <p className="hitl-template-name">
          <span className="hitl-visually-hidden">{labels.chosenHeading}: </span>
          {template?.name ?? answer.templateId}
        </p>
        {variables.length > 0 && (
          <ValueList
            data-slot="receipt-variables"
            entries={variables.map(([name, label, text]) => ({
              key: name,
              label,
              value: text === "" ? labels.empty : text,
            }))}
          />
        )}
      </div>
    </div>
  );
}

function Receipt({ summary, ...props }: ComponentPropsWithoutRef<"div"> & { summary?: ReactNode }) {
  return <ShellReceipt summary={summary ?? <Chosen />} {...props} />;
}

/** A styled template picker: prompt, filters, cards, variables, Submit / Decline, status, receipt. */
export function TemplatePicker({ prompt, ...props }: TemplatePickerProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Body>
        <div data-slot="filters" className="hitl-template-filters">
          <Search />
          <Tags />
          <Count />
        </div>
        <Cards />
        <Variables />
        <Issues />
        <ShellActions>
          <ShellSubmit />
          <ShellDecline />
        </ShellActions>
      </Body>
      <ShellStatus />
      <Receipt />
    </Root>
  );
}

TemplatePicker.Root = Root;
TemplatePicker.Prompt = ShellPrompt;
TemplatePicker.Body = Body;
TemplatePicker.Search = Search;
TemplatePicker.Tags = Tags;
TemplatePicker.Count = Count;
TemplatePicker.Cards = Cards;
TemplatePicker.Empty = Empty;
TemplatePicker.Variables = Variables;
TemplatePicker.Issues = Issues;
TemplatePicker.Actions = ShellActions;
TemplatePicker.Submit = ShellSubmit;
TemplatePicker.Decline = ShellDecline;
TemplatePicker.Status = ShellStatus;
TemplatePicker.Receipt = Receipt;
TemplatePicker.Chosen = Chosen;
