"use client";
import { widget } from "hitl-kit";
import {
  Question as Parts,
  type QuestionProps,
  TextQuestion as TextParts,
  type TextQuestionProps,
} from "hitl-kit/widgets";
import { question as questionEntry, text as textEntry } from "hitl-kit/widgets/question";
import { cn, decline, focusRing, shell } from "@/components/hitl/shell";

/**
 * A transport's own questions in shadcn's look: the kit's parts (`hitl-kit/widgets/question`) with
 * Tailwind classes. `Question` (kind `question`) shows up to three plain options as buttons (one
 * click answers) and more, or described ones, as a radio group (arrow keys) with Submit, plus free
 * text where allowed; `TextQuestion` (kind `text`) is the free text alone. A radio's `data-state`
 * is `checked` or `unchecked`, an option button's `data-style` `primary` or `danger`.
 */

/**
 * The free-text answer with Send (Enter, or Ctrl/Cmd+Enter in a textarea): its leaf parts, each
 * with its own classes — the label, the field beside Send, the hint under a textarea, the error.
 */
const freeText = (
  <>
    <Parts.FreeTextLabel className="text-sm font-medium" />
    <div className="flex items-end gap-2">
      <Parts.FreeTextInput
        className={cn(
          "min-w-0 flex-auto rounded-md border border-input bg-transparent px-3 py-2 shadow-xs placeholder:text-muted-foreground",
          focusRing,
          "aria-invalid:border-destructive dark:bg-input/30",
          "[&:is(input)]:h-9 [&:is(textarea)]:min-h-16 [&:is(textarea)]:resize-y",
        )}
      />
      <Parts.FreeTextSend className="h-9 rounded-md bg-primary px-4 font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50" />
    </div>
    <Parts.FreeTextHint className="m-0 text-xs text-muted-foreground" />
    <Parts.FreeTextError className="m-0 text-xs text-destructive" />
  </>
);
/**
 * The options: up to three plain ones as buttons (`data-style` `primary` or `danger`), more or
 * described ones as a radio group (a row's `data-state` `checked` or `unchecked`) with Submit —
 * each of their parts with its own classes.
 */
const options = (
  <Parts.Options
    buttons={
      <Parts.OptionButtons className="flex flex-col gap-1.5" rowClassName="flex flex-wrap gap-2">
        <Parts.OptionButton
          className={cn(
            "h-8 rounded-md border bg-background px-3 font-medium shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
            "data-[style=primary]:border-primary data-[style=primary]:bg-primary data-[style=primary]:text-primary-foreground data-[style=primary]:hover:bg-primary/90",
            "data-[style=danger]:border-destructive/50 data-[style=danger]:text-destructive",
          )}
        />
      </Parts.OptionButtons>
    }
    radios={
      <Parts.OptionRadios className="m-0 flex flex-col gap-3">
        <Parts.OptionGroup className="flex flex-col gap-0.5">
          <Parts.OptionRow className="grid grid-cols-[auto_1fr] items-start gap-x-2 rounded-md px-2 py-1.5 group/option hover:bg-accent data-[state=checked]:bg-hitl-selected">
            <Parts.OptionRadio
              className={cn(
                "mt-0.5 inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-input shadow-xs",
                focusRing,
                "data-[state=checked]:border-primary disabled:opacity-50",
              )}
            >
              <Parts.OptionIndicator className="size-2 rounded-full bg-primary" />
            </Parts.OptionRadio>
            <Parts.OptionLabel className="cursor-pointer wrap-anywhere group-data-[style=danger]/option:text-destructive" />
            <Parts.OptionDescription className="col-start-2 m-0 text-xs text-muted-foreground" />
          </Parts.OptionRow>
        </Parts.OptionGroup>
        <Parts.OptionIssues />
        <Parts.OptionSubmit className="h-8 self-start rounded-md bg-primary px-3 font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50" />
      </Parts.OptionRadios>
    }
  />
);
/** The receipt's summary: the option chosen, or the words written, quoted. */
const summary = cn(
  "flex flex-col gap-1 [&_p]:m-0 [&_.hitl-help]:text-muted-foreground",
  "[&_blockquote]:mt-0.5 [&_blockquote]:max-h-60 [&_blockquote]:overflow-y-auto [&_blockquote]:rounded-r-md [&_blockquote]:border-l-3 [&_blockquote]:bg-muted [&_blockquote]:px-2.5 [&_blockquote]:py-1.5 [&_blockquote]:whitespace-pre-wrap [&_blockquote]:wrap-anywhere",
);

/** A transport's question in shadcn's look: prompt, options, free text, Decline, status, receipt. */
export function Question({ prompt, answer, className, ...props }: QuestionProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      {options}
      <Parts.FreeText className="m-0 flex flex-col gap-1.5">{freeText}</Parts.FreeText>
      <Parts.Actions className={shell.actions}>
        <Parts.Decline className={shell.decline} formClassName={decline.form}>
          <Parts.DeclineLabel />
          <Parts.DeclineReason className={decline.reason} />
          <Parts.DeclineConfirm className={decline.confirm} />
          <Parts.DeclineBack className={decline.back} />
        </Parts.Decline>
      </Parts.Actions>
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt className={shell.receipt} summary={<Parts.Summary answer={answer} className={summary} />} />
    </Parts.Root>
  );
}

/** A transport's free-text question in shadcn's look: prompt, text with Send, Decline, status, receipt. */
export function TextQuestion({ prompt, answer, className, ...props }: TextQuestionProps) {
  return (
    <TextParts.Root {...props} className={cn(shell.root, "[&_[data-slot=summary]]:contents", summary, className)}>
      <TextParts.Prompt className={shell.prompt}>{prompt}</TextParts.Prompt>
      <TextParts.Input className="m-0 flex flex-col gap-1.5">{freeText}</TextParts.Input>
      <TextParts.Actions className={shell.actions}>
        <TextParts.Decline className={shell.decline} formClassName={decline.form}>
          <TextParts.DeclineLabel />
          <TextParts.DeclineReason className={decline.reason} />
          <TextParts.DeclineConfirm className={decline.confirm} />
          <TextParts.DeclineBack className={decline.back} />
        </TextParts.Decline>
      </TextParts.Actions>
      <TextParts.Status className={shell.status}>
        <TextParts.StatusText />
        <TextParts.Retry className={shell.retry} />
      </TextParts.Status>
      <TextParts.Receipt className={shell.receipt} summary={<TextParts.Summary answer={answer} />} />
    </TextParts.Root>
  );
}

/** The registry entries: the kit's question and text kinds with these components. */
export const questionWidget = widget(questionEntry.kind, Question);
export const textWidget = widget(textEntry.kind, TextQuestion);
