"use client";
// The one Radix part widgets need, from its own package: the `radix-ui` umbrella would put every
// primitive in the page before any widget loads (bundlers split it poorly).
import { Slot } from "@radix-ui/react-slot";
import type { ComponentPropsWithoutRef } from "react";
import { declineParts, ShellDecline } from "./shell-decline";
import {
  cx,
  ShellActions,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRetry,
  ShellRoot,
  ShellStatus,
  ShellStatusText,
  useShell,
} from "./widget-shell";

/*
 * Submit (with Radix's Slot for `asChild`) and the `WidgetShell` namespace live apart from the
 * other shell parts: the answerable fallback, which a chat page loads before any request, needs
 * neither, and bundlers split by module — kept in `widget-shell.tsx`, they would load with it.
 */

export interface ShellSubmitProps extends ComponentPropsWithoutRef<"button"> {
  asChild?: boolean;
}

/** A submit button (the widget's form handles the submit event). */
export function ShellSubmit({ asChild, className, children, ...props }: ShellSubmitProps) {
  const { labels, interactive } = useShell();
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type="submit"
      data-slot="submit"
      className={cx("hitl-button hitl-button-primary", className)}
      aria-disabled={!interactive || undefined}
      {...props}
    >
      {children ?? labels.submit}
    </Component>
  );
}

/**
 * The parts every built-in widget is made of, for your own kinds' widgets: a labelled root with
 * `data-state`, the prompt, a form that never navigates, Submit, the two-step Decline, the live
 * status with Retry, and the receipt. Wire `status`, `error`, `declineReason`, `onDecline` and
 * `onRetry` from your widget's props into `Root`.
 */
export const WidgetShell = {
  Root: ShellRoot,
  Prompt: ShellPrompt,
  Form: ShellForm,
  Actions: ShellActions,
  Submit: ShellSubmit,
  Decline: ShellDecline,
  ...declineParts,
  Status: ShellStatus,
  StatusText: ShellStatusText,
  Retry: ShellRetry,
  Receipt: ShellReceipt,
  Issues: ShellIssues,
};

/** What a picker's API gives the two parts every picker has alike. */
export interface PickerPartsApi {
  /** The issues of the last Submit, shown under the form. */
  readonly issues: readonly string[];
  readonly labels: { readonly submit: string };
  /** The Submit button's props (`aria-disabled`, `data-*`), where the picker has any. */
  readonly getSubmitProps?: () => ComponentPropsWithoutRef<"button">;
}

/**
 * A picker's `Issues` and `Submit`, from the hook that reads its API: written once, not once per
 * picker (the same two parts, each reading another context). Here beside Submit, not in a module
 * of its own: one more shared module is one more chunk, which costs more than it saves.
 */
export function pickerParts(useApi: () => PickerPartsApi) {
  function Issues() {
    return <ShellIssues messages={useApi().issues} />;
  }
  function Submit({ children, ...props }: ShellSubmitProps) {
    const api = useApi();
    return (
      <ShellSubmit {...api.getSubmitProps?.()} {...props}>
        {children ?? api.labels.submit}
      </ShellSubmit>
    );
  }
  return { Issues, Submit };
}
