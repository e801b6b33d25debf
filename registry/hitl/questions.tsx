"use client";
import { widget } from "hitl-kit";
import { Questions as Parts, type QuestionsProps } from "hitl-kit/widgets";
import questionsEntry from "hitl-kit/widgets/questions";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The question set in shadcn's look: the kit's parts (`hitl-kit/widgets/questions`) with Tailwind
 * classes, each part with its own: one question's parts and one option's, rendered once per question
 * and per option. A question carries `data-state` (`answered` /
 * `unanswered`) and `data-invalid` once Submit was tried; an option's row `data-state` (`checked` /
 * `unchecked`) and `data-recommended`; the root's `data-state` is the request's (`open`,
 * `submitting`, `answered`, `declined`, …).
 */

/** A chip in a question's legend or beside an option: its header, "Optional", "Recommended". */
const chip = "inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap";
/** One option's row: its radio or checkbox, its label and chip, its description. */
const option = (
  <Parts.QuestionOption className="grid grid-cols-[auto_1fr] items-start gap-x-2 rounded-md px-2 py-1.5 hover:bg-accent data-[state=checked]:bg-hitl-selected">
    <Parts.OptionControl
      className={cn(
        "mt-0.5 size-4 shrink-0 cursor-pointer disabled:cursor-not-allowed",
        // A radio (the parts' radio group) is drawn; a checkbox is the browser's, in the primary colour.
        "accent-primary [&:is(button)]:inline-flex [&:is(button)]:items-center [&:is(button)]:justify-center [&:is(button)]:rounded-full [&:is(button)]:border [&:is(button)]:border-input [&:is(button)]:shadow-xs",
        "[&:is(button)]:outline-none [&:is(button)]:focus-visible:ring-[3px] [&:is(button)]:focus-visible:ring-ring/50 [&:is(button)]:data-[state=checked]:border-primary [&:is(button)]:disabled:opacity-50",
      )}
      indicatorClassName="size-2 rounded-full bg-primary"
    />
    <Parts.OptionText className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <Parts.OptionLabel className="cursor-pointer wrap-anywhere" />
      <Parts.OptionRecommended className={cn(chip, "border-current text-hitl-success")} />
    </Parts.OptionText>
    <Parts.OptionDescription className="col-start-2 m-0 text-xs text-muted-foreground" />
  </Parts.QuestionOption>
);
/** One question: a bordered fieldset, its legend the header chip, the prompt and "Optional"; its answers. */
const question = (
  <Parts.Question className="m-0 flex min-w-0 flex-col gap-1.5 rounded-lg border px-3 pt-2.5 pb-3 data-[invalid]:border-destructive">
    <Parts.QuestionLegend className="float-left mb-1 flex w-full flex-wrap items-baseline gap-x-2 gap-y-1 p-0">
      <Parts.QuestionHeader className={cn(chip, "border-transparent bg-secondary text-secondary-foreground")} />
      <Parts.QuestionPrompt className="font-medium wrap-anywhere" />
      <Parts.QuestionOptional className={cn(chip, "text-muted-foreground")} />
    </Parts.QuestionLegend>
    <Parts.QuestionBounds className="m-0 text-xs text-muted-foreground" />
    <Parts.QuestionOptions className="flex flex-col gap-0.5">{option}</Parts.QuestionOptions>
    {/* "Other"'s field lines up with the labels (row padding, control, gap); a question's only field is a textarea. */}
    <Parts.OtherInput
      className={cn(
        "min-w-0 rounded-md border border-input bg-transparent px-3 py-1.5 shadow-xs outline-none placeholder:text-muted-foreground dark:bg-input/30",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        "[&:is(input)]:ml-8 [&:is(input)]:h-9 [&:is(input)]:w-[calc(100%-2rem)] [&:is(textarea)]:min-h-16 [&:is(textarea)]:w-full [&:is(textarea)]:resize-y",
      )}
    />
    <Parts.QuestionNotice className="m-0 text-xs text-destructive empty:sr-only" />
    <Parts.QuestionIssue className="m-0 text-xs text-destructive" />
    <Parts.QuestionClear className="h-7 rounded-md border bg-background px-2.5 text-xs font-medium shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:border-input dark:bg-input/30" />
  </Parts.Question>
);

/** "1 of 3 answered", and why Submit cannot send yet. */
const progress = (
  <Parts.Progress className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs">
    <Parts.ProgressText className="m-0 text-muted-foreground tabular-nums" />
    <Parts.ProgressPending className="m-0 text-muted-foreground" />
  </Parts.Progress>
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
        <Parts.QuestionList className="flex flex-col gap-3">{question}</Parts.QuestionList>
        {progress}
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
