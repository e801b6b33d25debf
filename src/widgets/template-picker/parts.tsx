"use client";
import { useState } from "react";
import { Field } from "../shared/field";
import { type PartProps, part } from "../shared/part";
import { CollectionStatus } from "../shared/remote-collection";
import { ToggleRow } from "../shared/roving-group";
import { TextControl } from "../shared/text-control";
import { ValueList } from "../shared/value-list";
import {
  type BodyProps,
  cx,
  ShellForm,
  ShellIssues,
  type ShellIssuesProps,
  ShellReceipt,
  type ShellReceiptProps,
} from "../shared/widget-shell";
import type { TemplatePickerSlot } from "./anatomy";
import { Preview } from "./cards";
import { useTemplatePickerContext } from "./use-template-picker";

/**
 * The template picker's parts beside the cards: each reads the connect API from its Root and
 * spreads one prop getter onto one element. The interactive ones are gone once the receipt shows
 * (they sit in the form).
 */

/** How many tags show before "n more tags": a gallery of 2,000 templates may carry hundreds. */
const VISIBLE_TAGS = 24;

/** The `<form>` holding filters, cards, variables and actions; gone once the receipt shows. */
export function Body({ className, ...props }: BodyProps) {
  const { api } = useTemplatePickerContext();
  return <ShellForm onSubmit={api.submit} className={cx("hitl-template-body", className)} {...props} />;
}

/** The labelled search box: the inline templates' (`search.ts`'s rule), or a remote catalogue's loader's. */
export function Search(props: PartProps<"div">) {
  const { api } = useTemplatePickerContext();
  const input = api.getSearchInputProps();
  return part("div", { "data-slot": "search" satisfies TemplatePickerSlot, className: "hitl-template-search" }, props, [
    <label key="label" htmlFor={input.id} className="hitl-visually-hidden">
      {api.labels.search}
    </label>,
    <input key="input" {...input} />,
  ]);
}

/** Tag toggles (arrow keys move between them); a template must carry every pressed tag. */
export function Tags(props: PartProps<"div">) {
  const { api } = useTemplatePickerContext();
  const { labels } = api;
  const { tags } = api.collection;
  const pressed = api.state.tags;
  const [expanded, setExpanded] = useState(false);
  if (tags.length === 0) return null;
  const hidden = expanded ? 0 : Math.max(0, tags.length - VISIBLE_TAGS);
  // Pressed tags stay visible even when folded away.
  const shown = hidden === 0 ? tags : tags.filter((tag, i) => i < VISIBLE_TAGS || pressed.includes(tag));
  const own = { "data-slot": "tags" satisfies TemplatePickerSlot, className: "hitl-template-tags-filter" };
  return part(
    "div",
    own,
    props,
    <>
      <ToggleRow.Root
        aria-label={labels.tags}
        values={shown}
        pressed={pressed}
        onPressedChange={api.setTags}
        className="hitl-template-tag-toggles"
      >
        {shown.map((tag) => (
          <ToggleRow.Item
            key={tag}
            value={tag}
            data-slot={"tag-toggle" satisfies TemplatePickerSlot}
            className="hitl-tag-toggle"
          >
            {tag}
          </ToggleRow.Item>
        ))}
      </ToggleRow.Root>
      {(hidden > 0 || expanded) && tags.length > VISIBLE_TAGS && (
        <button
          type="button"
          data-slot={"tags-more" satisfies TemplatePickerSlot}
          className="hitl-button hitl-tags-more"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? labels.fewerTags : labels.moreTags(tags.length - VISIBLE_TAGS)}
        </button>
      )}
    </>,
  );
}

export interface CountProps extends PartProps<"p"> {
  /** A remote catalogue's Retry (shown after a failure): its class, beside the kit's own. */
  readonly retryClassName?: string;
}

/** How many templates match, announced politely as filters change. */
export function Count({ retryClassName, ...props }: CountProps) {
  const { api, remote } = useTemplatePickerContext();
  // A remote catalogue's status says what is loading, what failed (with Retry) and how many are in.
  if (remote) return <CollectionStatus remote={remote} className={props.className} retryClassName={retryClassName} />;
  const own = {
    "data-slot": "count" satisfies TemplatePickerSlot,
    className: "hitl-help hitl-template-count",
    role: "status",
    "aria-live": "polite",
  } as const;
  return part("p", own, props, api.labels.count(api.count));
}

/** The chosen template's variables, when it declares any. */
export function Variables(props: PartProps<"fieldset">) {
  const { api } = useTemplatePickerContext();
  const { chosen } = api;
  const variables = chosen?.variables ?? [];
  if (!chosen || variables.length === 0) return null;
  const own = { "data-slot": "variables" satisfies TemplatePickerSlot, className: "hitl-template-variables" };
  return part("fieldset", own, props, [
    <legend key="legend" className="hitl-template-variables-heading">
      {api.labels.variablesHeading(chosen.name)}
    </legend>,
    ...variables.map((variable) => (
      <Field key={`${chosen.id}\u0000${variable.name}`} {...api.getVariableProps(variable)}>
        {(control) => <TextControl {...control} {...api.getVariableControlProps(variable)} />}
      </Field>
    )),
  ]);
}

/** The error summary after a submit attempt. */
export function Issues(props: Omit<ShellIssuesProps, "messages">) {
  const { api } = useTemplatePickerContext();
  return <ShellIssues messages={api.issues} {...props} />;
}

/** The chosen template (thumbnail and name) and its filled variables, for the receipt; `previewClassName` is the thumbnail's. */
export function Summary({ previewClassName, ...props }: PartProps<"div"> & { previewClassName?: string | undefined }) {
  const { api, answer, remote } = useTemplatePickerContext();
  const { labels } = api;
  if (!answer) return null;
  const template = api.collection.byId.get(answer.templateId) ?? remote?.known(answer.templateId);
  const variables: [string, string, string][] = template
    ? (template.variables ?? []).map((variable) => [
        variable.name,
        variable.label,
        answer.variables[variable.name] ?? "",
      ])
    : Object.entries(answer.variables).map(([name, text]) => [name, name, text]);
  const own = { "data-slot": "receipt-template" satisfies TemplatePickerSlot, className: "hitl-template-chosen" };
  return part("div", own, props, [
    <Preview
      key="preview"
      url={template?.previewUrl}
      labels={labels}
      className={cx("hitl-template-thumbnail", previewClassName)}
    />,
    <div key="text" className="hitl-template-chosen-text">
      <p className="hitl-template-name">
        <span className="hitl-visually-hidden">{labels.chosenHeading}: </span>
        {template?.name ?? answer.templateId}
      </p>
      {variables.length > 0 && (
        <ValueList
          data-slot={"receipt-variables" satisfies TemplatePickerSlot}
          entries={variables.map(([name, label, text]) => ({
            key: name,
            label,
            value: text === "" ? labels.empty : text,
          }))}
        />
      )}
    </div>,
  ]);
}

export function Receipt({ summary, ...props }: ShellReceiptProps) {
  return <ShellReceipt summary={summary ?? <Summary />} {...props} />;
}
