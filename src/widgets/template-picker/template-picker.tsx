"use client";
import { useMemo } from "react";
import { type Template, templateSchema } from "../../kinds/template";
import { useRemoteCollection } from "../../react/use-remote-collection";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import {
  Card,
  CardDescription,
  CardDetails,
  CardName,
  CardPreview,
  Cards,
  CardTags,
  ClearFilters,
  Empty,
  EmptyText,
  LoadMore,
  TemplateError,
} from "./cards";
import { Body, Count, Issues, Receipt, Search, Summary, Tags, Variables } from "./parts";
import {
  type TemplatePickerContextValue,
  type TemplatePickerProps,
  TemplatePickerProvider,
  useTemplatePicker,
} from "./use-template-picker";

/**
 * Template gallery: search and tag filters narrow a virtualized grid of cards (a radio group: arrow
 * keys move the choice), then the chosen template's variables are filled in and validated before
 * sending `{ templateId, variables }`. Built as a pure machine (`machine.ts`), prop getters over it
 * (`connect.ts`), a hook holding it (`use-template-picker.ts`) and thin parts (`cards.tsx`,
 * `parts.tsx`), each part one `data-slot` (`anatomy.ts`).
 */

export type { TemplateDraft, TemplatePickerDraftProps, TemplatePickerProps } from "./use-template-picker";

/**
 * A styled template picker: prompt, filters, cards, variables, Submit / Decline, status, receipt.
 * Inline templates come with the payload; a request that names a `source` gets them from the
 * loader the app registered for it, page by page, searched by the loader (`useRemoteCollection`).
 */
export const TemplatePicker = defineWidget<TemplatePickerProps, TemplatePickerContextValue, Template>()({
  kind: "template",
  className: "hitl-template-picker",
  items: { inline: (payload) => payload.templates, schema: templateSchema, remote: useRemoteCollection },
  Provider: TemplatePickerProvider,
  use: ({ answer, ...props }, { status, items, remote }) => {
    const api = useTemplatePicker({ ...props, status, templates: items, remote });
    return { api: useMemo(() => ({ api, remote, answer }), [api, remote, answer]) };
  },
  content: (
    <>
      <div data-slot="filters" className="hitl-template-filters">
        <Search />
        <Tags />
        <Count />
      </div>
      <Cards />
      <Variables />
    </>
  ),
  parts: {
    Body,
    Search,
    Tags,
    Count,
    Cards,
    Card,
    CardPreview,
    CardName,
    CardDetails,
    CardDescription,
    CardTags,
    TemplateError,
    LoadMore,
    Empty,
    EmptyText,
    ClearFilters,
    Variables,
    Issues,
    Receipt,
    Summary,
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type TemplatePickerRootProps = WidgetRootProps<TemplatePickerProps>;
