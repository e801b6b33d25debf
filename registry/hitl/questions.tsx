"use client";
import { widget } from "hitl-kit";
import { Questions as Parts, type QuestionsProps } from "hitl-kit/widgets";
import questionsEntry from "hitl-kit/widgets/questions";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The question set in shadcn's look: the kit's parts (`hitl-kit/widgets/questions`) with Tailwind
 * classes. What a question renders inside itself (its legend, chips, options, "Other"'s field) is
 * styled from the list by its `data-slot`. A question carries `data-state` (`answered` /
 * `unanswered`) and `data-invalid` once Submit was tried; an option's row `data-state` (`checked` /
 * `unchecked`) and `data-recommended`; the root's `data-state` is the request's (`open`,
 * `submitting`, `answered`, `declined`, …).
 */

/** The questions: one bordered fieldset each, its legend the header chip, the prompt and "Optional". */
const questions = cn(
  "flex flex-col gap-3",
  "**:data-[slot=question]:m-0 **:data-[slot=question]:flex **:data-[slot=question]:min-w-0 **:data-[slot=question]:flex-col **:data-[slot=question]:gap-1.5 **:data-[slot=question]:rounded-lg **:data-[slot=question]:border **:data-[slot=question]:px-3 **:data-[slot=question]:pt-2.5 **:data-[slot=question]:pb-3 **:data-[slot=question]:data-[invalid]:border-destructive",
  "**:data-[slot=question-legend]:float-left **:data-[slot=question-legend]:mb-1 **:data-[slot=question-legend]:flex **:data-[slot=question-legend]:w-full **:data-[slot=question-legend]:flex-wrap **:data-[slot=question-legend]:items-baseline **:data-[slot=question-legend]:gap-x-2 **:data-[slot=question-legend]:gap-y-1 **:data-[slot=question-legend]:p-0",
  "**:data-[slot=question-prompt]:font-medium **:data-[slot=question-prompt]:wrap-anywhere",
  "[&_.hitl-questions-chip]:inline-flex [&_.hitl-questions-chip]:items-center [&_.hitl-questions-chip]:rounded-md [&_.hitl-questions-chip]:border [&_.hitl-questions-chip]:px-2 [&_.hitl-questions-chip]:py-0.5 [&_.hitl-questions-chip]:text-xs [&_.hitl-questions-chip]:font-medium [&_.hitl-questions-chip]:whitespace-nowrap",
  "**:data-[slot=question-header]:border-transparent **:data-[slot=question-header]:bg-secondary **:data-[slot=question-header]:text-secondary-foreground **:data-[slot=optional-chip]:text-muted-foreground **:data-[slot=recommended-chip]:border-current **:data-[slot=recommended-chip]:text-hitl-success",
  "**:data-[slot=bounds]:m-0 **:data-[slot=bounds]:text-xs **:data-[slot=bounds]:text-muted-foreground",
  "**:data-[slot=notice]:m-0 **:data-[slot=notice]:text-xs **:data-[slot=notice]:text-destructive **:data-[slot=notice]:empty:sr-only",
  "**:data-[slot=question-issue]:m-0 **:data-[slot=question-issue]:text-xs **:data-[slot=question-issue]:text-destructive",
  "**:data-[slot=clear]:h-7 **:data-[slot=clear]:rounded-md **:data-[slot=clear]:border **:data-[slot=clear]:bg-background **:data-[slot=clear]:px-2.5 **:data-[slot=clear]:text-xs **:data-[slot=clear]:font-medium **:data-[slot=clear]:shadow-xs **:data-[slot=clear]:outline-none **:data-[slot=clear]:hover:bg-accent **:data-[slot=clear]:focus-visible:ring-[3px] **:data-[slot=clear]:focus-visible:ring-ring/50 dark:**:data-[slot=clear]:border-input dark:**:data-[slot=clear]:bg-input/30",
);

/** A question's answers: radios (the parts' radio group) or checkboxes, one row each, "Other"'s field. */
const options = cn(
  "**:data-[slot=options]:flex **:data-[slot=options]:flex-col **:data-[slot=options]:gap-0.5",
  "**:data-[slot=option]:grid **:data-[slot=option]:grid-cols-[auto_1fr] **:data-[slot=option]:items-start **:data-[slot=option]:gap-x-2 **:data-[slot=option]:rounded-md **:data-[slot=option]:px-2 **:data-[slot=option]:py-1.5",
  "**:data-[slot=option]:hover:bg-accent **:data-[slot=option]:data-[state=checked]:bg-hitl-selected",
  "**:data-[slot=option-control]:mt-0.5 **:data-[slot=option-control]:size-4 **:data-[slot=option-control]:shrink-0 **:data-[slot=option-control]:cursor-pointer **:data-[slot=option-control]:disabled:cursor-not-allowed [&_.hitl-checkbox]:accent-primary",
  "[&_.hitl-radio]:inline-flex [&_.hitl-radio]:items-center [&_.hitl-radio]:justify-center [&_.hitl-radio]:rounded-full [&_.hitl-radio]:border [&_.hitl-radio]:border-input [&_.hitl-radio]:shadow-xs [&_.hitl-radio]:outline-none [&_.hitl-radio]:focus-visible:ring-[3px] [&_.hitl-radio]:focus-visible:ring-ring/50 [&_.hitl-radio]:data-[state=checked]:border-primary [&_.hitl-radio]:disabled:opacity-50",
  "[&_.hitl-radio-indicator]:size-2 [&_.hitl-radio-indicator]:rounded-full [&_.hitl-radio-indicator]:bg-primary",
  "[&_.hitl-questions-option-text]:flex [&_.hitl-questions-option-text]:min-w-0 [&_.hitl-questions-option-text]:flex-wrap [&_.hitl-questions-option-text]:items-baseline [&_.hitl-questions-option-text]:gap-x-2 [&_.hitl-questions-option-text]:gap-y-0.5",
  "**:data-[slot=option-label]:cursor-pointer **:data-[slot=option-label]:wrap-anywhere **:data-[slot=option-description]:col-start-2 **:data-[slot=option-description]:m-0 **:data-[slot=option-description]:text-xs **:data-[slot=option-description]:text-muted-foreground",
  "**:data-[slot=other-input]:min-w-0 **:data-[slot=other-input]:rounded-md **:data-[slot=other-input]:border **:data-[slot=other-input]:border-input **:data-[slot=other-input]:bg-transparent **:data-[slot=other-input]:px-3 **:data-[slot=other-input]:py-1.5 **:data-[slot=other-input]:shadow-xs **:data-[slot=other-input]:outline-none",
  "**:data-[slot=other-input]:placeholder:text-muted-foreground **:data-[slot=other-input]:focus-visible:border-ring **:data-[slot=other-input]:focus-visible:ring-[3px] **:data-[slot=other-input]:focus-visible:ring-ring/50 **:data-[slot=other-input]:aria-invalid:border-destructive **:data-[slot=other-input]:aria-invalid:ring-destructive/20 dark:**:data-[slot=other-input]:bg-input/30",
  // "Other"'s field lines up with the labels (row padding, control, gap); a question's only field is a textarea.
  "[&_.hitl-questions-other]:ml-8 [&_.hitl-questions-other]:h-9 [&_.hitl-questions-other]:w-[calc(100%-2rem)] [&_.hitl-questions-text]:min-h-16 [&_.hitl-questions-text]:w-full [&_.hitl-questions-text]:resize-y",
);

/** "1 of 3 answered", and why Submit cannot send yet. */
const progress = cn(
  "flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs",
  "**:data-[slot=progress]:m-0 **:data-[slot=progress]:text-muted-foreground **:data-[slot=progress]:tabular-nums **:data-[slot=pending]:m-0 **:data-[slot=pending]:text-muted-foreground",
);

/** The receipt's question → answer pairs. */
const summary = cn(
  "m-0 grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1 [&_.hitl-questions-summary-row]:contents",
  "[&_.hitl-questions-summary-row>dt]:text-muted-foreground [&_.hitl-questions-summary-row>dt]:wrap-anywhere [&_.hitl-questions-summary-row>dd]:m-0 [&_.hitl-questions-summary-row>dd]:wrap-anywhere [&_.hitl-questions-summary-row_.hitl-help]:text-muted-foreground [&_.hitl-questions-quote]:whitespace-pre-wrap",
);

/** A question set in shadcn's look: prompt, questions, progress, Submit / Decline, status, receipt. */
export function Questions({ prompt, answer, className, ...props }: QuestionsProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={shell.form}>
        <Parts.QuestionList className={cn(questions, options)} />
        <Parts.Progress className={progress} />
        <Parts.Issues />
        <Parts.Actions className={shell.actions}>
          <Parts.Submit className={shell.submit} />
          <Parts.Decline className={shell.decline} formClassName={decline.form}>
            <Parts.DeclineLabel />
            <Parts.DeclineReason className={decline.reason} />
            <Parts.DeclineConfirm className={decline.confirm} />
            <Parts.DeclineBack className={decline.back} />
          </Parts.Decline>
        </Parts.Actions>
      </Parts.Body>
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt className={shell.receipt} summary={<Parts.Summary answer={answer} className={summary} />} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's questions kind with this component. */
export const questionsWidget = widget(questionsEntry.kind, Questions);
