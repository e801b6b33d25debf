"use client";
import { useCallback, useEffect, useId, useMemo, useRef } from "react";
import { type FormField, type FormRequest, type FormResponse, type FormValues, patternsReady } from "../../kinds/form";
import { useLabels } from "../../react/labels";
import { suspend } from "../../react/suspend";
import { type HitlWidgetProps, isInteractive } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import { useMachine } from "../shared/use-machine";
import { connect, type FormApi, type FormFocusable } from "./connect";
import { formLabels } from "./labels";
import { initialState, sameValues, transition } from "./machine";

export type FormProps = HitlWidgetProps<FormRequest, FormResponse> & FormDraftProps;

export interface FormDraftProps {
  /** The field values (controlled). Missing keys read as the field's default. */
  value?: FormValues | undefined;
  /** The initial field values (uncontrolled). @default formDefaults(payload.fields) */
  defaultValue?: FormValues | undefined;
  /** Called with all values whenever a field changes. */
  onValueChange?: ((values: FormValues) => void) | undefined;
}

export type UseFormProps = Pick<
  FormProps,
  "payload" | "answer" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit"
>;

/**
 * The form in React: the machine in `useReducer`, a controlled `value` followed in the render that
 * brings it, `onValueChange` told of each change the person makes, focus moved to the field a
 * refused submit names, and the `connect` API, memoized on the state. Decline is the shell's own.
 */
export function useForm(props: UseFormProps): FormApi {
  const { payload, answer, value, defaultValue, onValueChange, status, onSubmit } = props;
  const labels = useLabels("form", formLabels);
  // Patterns need the pattern engine, loaded on first use: the registry waits for it before a
  // request renders, and a Form rendered directly suspends here until it is in.
  const patterns = patternsReady(payload);
  if (patterns) suspend(patterns);
  const id = useId();
  const [state, send] = useMachine(
    transition,
    payload,
    (request) => initialState(request, { values: value ?? defaultValue }),
    onValueChange,
  );
  // A new request, or the owner's values: the machine takes them in this very render.
  if (payload !== state.request) send({ type: "request-changed", request: payload });
  if (value !== undefined && !sameValues(state.values, value)) send({ type: "value-changed", values: value });

  // After the render that shows the errors, so the field is announced with its problem.
  const controls = useRef(new Map<string, FormFocusable>());
  useEffect(() => {
    if (state.focus) controls.current.get(state.focus.field)?.focus();
  }, [state.focus]);
  const registerControl = useCallback((name: string, control: FormFocusable | null) => {
    if (control) controls.current.set(name, control);
    else controls.current.delete(name);
  }, []);

  // Checked by the machine for the inline errors, so sent as is.
  const reply = useAnswer<FormResponse>({ status, onSubmit });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reply` is new on every render, yet acts on these inputs alone (and a ref); keeping the first one of them keeps the API stable across renders that change nothing.
  const sender = useMemo(() => reply, [status, onSubmit]);
  const interactive = isInteractive(status ?? "open");
  return useMemo(
    () =>
      connect(state, send, {
        id,
        labels,
        interactive,
        answer,
        submit: sender.submit,
        answered: sender.sent,
        registerControl,
      }),
    [state, send, id, labels, interactive, answer, sender, registerControl],
  );
}

export const [FormProvider, useFormContext] = createWidgetContext<FormApi>("Form");

/** The field of the payload named `name` (nothing for a name it lacks). */
export function useField(name: string): FormField | undefined {
  return useFormContext().fields.find((field) => field.name === name);
}
