"use client";
import type { ComponentPropsWithoutRef } from "react";
import type { CollectionSource } from "../../kinds/collection";
import { type Template, templateSchema } from "../../kinds/template";
import { type RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit } from "../shared/shell-submit";
import { cx, ShellActions, ShellDecline, ShellPrompt, ShellRoot, ShellStatus } from "../shared/widget-shell";
import { Cards, Empty } from "./cards";
import { Body, Chosen, Count, Issues, Receipt, Search, Tags, Variables } from "./parts";
import { type TemplatePickerProps, TemplatePickerProvider, useTemplatePicker } from "./use-template-picker";

/**
 * Template gallery: search and tag filters narrow a virtualized grid of cards (a radio group: arrow
 * keys move the choice), then the chosen template's variables are filled in and validated before
 * sending `{ templateId, variables }`. Built as a pure machine (`machine.ts`), prop getters over it
 * (`connect.ts`), a hook holding it (`use-template-picker.ts`) and thin parts (`cards.tsx`,
 * `parts.tsx`), each part one `data-slot` (`anatomy.ts`).
 */

export type { TemplateDraft, TemplatePickerDraftProps, TemplatePickerProps } from "./use-template-picker";

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
  const { status } = shell;
  const api = useTemplatePicker({ payload, templates, remote, value, defaultValue, onValueChange, status, onSubmit });
  return (
    <TemplatePickerProvider value={{ api, remote, answer }}>
      <ShellRoot kind="template" {...shell} {...fieldset} className={cx("hitl-template-picker", className)} />
    </TemplatePickerProvider>
  );
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
TemplatePicker.Summary = Chosen;
/** @deprecated the same part as `Summary` (one name across widgets). */
TemplatePicker.Chosen = Chosen;
