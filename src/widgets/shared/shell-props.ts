import type { ShellRootProps } from "./widget-shell";

/** The props a widget's Root hands its shell untouched: status, error, decline and retry wiring. */
export type ShellProps = Pick<ShellRootProps, "status" | "error" | "declineReason" | "onDecline" | "onRetry">;

/**
 * Splits a widget Root's props into the shell's (`status`, `error`, `declineReason`, `onDecline`,
 * `onRetry`) and the rest (the widget's own props and the fieldset's attributes), so every Root
 * forwards the same set the same way: `<ShellRoot kind="…" {...shell} {...fieldset}>`.
 */
export function splitShellProps<P extends ShellProps>(props: P): [ShellProps, Omit<P, keyof ShellProps>] {
  const { status, error, declineReason, onDecline, onRetry, ...rest } = props;
  return [{ status, error, declineReason, onDecline, onRetry }, rest];
}
