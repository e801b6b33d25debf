"use client";
import { useDeferredValue, useId, useState } from "react";
import type { Template, TemplateRequest, TemplateResponse } from "../../kinds/template";
import { useLabels } from "../../react/labels";
import type { RemoteCollection } from "../../react/use-remote-collection";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import { useMachine } from "../shared/use-machine";
import { sameSource, type TemplateCollectionInput } from "./collection";
import { connect, type TemplatePickerApi, type TemplatePickerControl } from "./connect";
import { templateLabels } from "./labels";
import { initialState, sameDraft, type TemplateDraft, transition } from "./machine";

export type { TemplateDraft } from "./machine";

export interface TemplatePickerDraftProps {
  /** The draft (controlled). Variables missing from it read as the variable's default. */
  value?: TemplateDraft | undefined;
  /** The initial draft (uncontrolled). @default { variables: {} } */
  defaultValue?: TemplateDraft | undefined;
  /** Called with the whole draft when the choice or a variable changes. */
  onValueChange?: ((draft: TemplateDraft) => void) | undefined;
}

export type TemplatePickerProps = HitlWidgetProps<TemplateRequest, TemplateResponse> & TemplatePickerDraftProps;

export interface UseTemplatePickerProps
  extends Pick<TemplatePickerProps, "payload" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit"> {
  /** The inline templates, or the remote catalogue's templates loaded so far for the current search. */
  readonly templates: readonly Template[];
  /** Set when the request names a catalogue the app serves (`source`). */
  readonly remote?: RemoteCollection<Template> | undefined;
}

/**
 * The template picker in React: the machine in `useReducer`, new templates (a remote page, a new
 * search) and a controlled draft taken in the render that brings them, `onValueChange` told of
 * each change the person makes, and the `connect` API. `onDecline` is not here: it goes straight
 * to the shell, whose own guard sends one decline.
 */
export function useTemplatePicker(props: UseTemplatePickerProps): TemplatePickerApi {
  const { payload, templates, remote, value, defaultValue, onValueChange, status, onSubmit } = props;
  const labels = useLabels("template", templateLabels);
  const id = useId();
  const input: TemplateCollectionInput = { request: payload, templates, known: remote?.known, labels };
  const [state, send] = useMachine(
    transition,
    input,
    (first) => initialState(first, { draft: value ?? defaultValue }),
    onValueChange,
  );
  // React's "adjusting state when a prop changes": nothing stale is ever shown.
  if (!sameSource(state.collection, input)) send({ type: "collection-changed", ...input });
  if (value !== undefined && !sameDraft(value, state.draft)) send({ type: "value-changed", draft: value });

  // Checked by the machine, so sent as is. Decline is the shell's own, guarded there.
  const reply = useAnswer<TemplateResponse>({ status, onSubmit });
  const [controls] = useState(() => new Map<string, TemplatePickerControl>());
  return connect(state, send, {
    id,
    labels,
    // Typing stays responsive over thousands of cards: the grid catches up at a lower priority.
    query: useDeferredValue(state.query),
    remote,
    controls,
    submit: reply.submit,
  });
}

export interface TemplatePickerContextValue {
  readonly api: TemplatePickerApi;
  readonly remote: RemoteCollection<Template> | undefined;
  /** The answer the receipt shows. */
  readonly answer: TemplateResponse | undefined;
}

export const [TemplatePickerProvider, useTemplatePickerContext] =
  createWidgetContext<TemplatePickerContextValue>("TemplatePicker");
