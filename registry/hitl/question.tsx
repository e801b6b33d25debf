"use client";
import { widget } from "hitl-kit";
import {
  Question as Parts,
  type QuestionProps,
  question as questionEntry,
  TextQuestion as TextParts,
  type TextQuestionProps,
  text as textEntry,
} from "hitl-kit/widgets/question";
import { cn, focusRing, shell } from "@/components/hitl/shell";

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
/** The options: buttons (`data-slot="option-buttons"`) or a radio group (`data-slot="option-form"`). */
const options = cn(
  "**:data-[slot=option-buttons]:flex **:data-[slot=option-buttons]:flex-col **:data-[slot=option-buttons]:gap-1.5 [&_.hitl-question-buttons-row]:flex [&_.hitl-question-buttons-row]:flex-wrap [&_.hitl-question-buttons-row]:gap-2",
  "**:data-[slot=option-buttons]:**:data-[slot=option]:h-8 **:data-[slot=option-buttons]:**:data-[slot=option]:rounded-md **:data-[slot=option-buttons]:**:data-[slot=option]:border **:data-[slot=option-buttons]:**:data-[slot=option]:bg-background **:data-[slot=option-buttons]:**:data-[slot=option]:px-3 **:data-[slot=option-buttons]:**:data-[slot=option]:font-medium **:data-[slot=option-buttons]:**:data-[slot=option]:shadow-xs **:data-[slot=option-buttons]:**:data-[slot=option]:outline-none **:data-[slot=option-buttons]:**:data-[slot=option]:hover:bg-accent **:data-[slot=option-buttons]:**:data-[slot=option]:focus-visible:ring-[3px] **:data-[slot=option-buttons]:**:data-[slot=option]:focus-visible:ring-ring/50",
  "**:data-[slot=option-buttons]:**:data-[style=primary]:border-primary **:data-[slot=option-buttons]:**:data-[style=primary]:bg-primary **:data-[slot=option-buttons]:**:data-[style=primary]:text-primary-foreground **:data-[slot=option-buttons]:**:data-[style=primary]:hover:bg-primary/90",
  "**:data-[slot=option-buttons]:**:data-[style=danger]:border-destructive/50 **:data-[slot=option-buttons]:**:data-[style=danger]:text-destructive",
  "**:data-[slot=option-form]:m-0 **:data-[slot=option-form]:flex **:data-[slot=option-form]:flex-col **:data-[slot=option-form]:gap-3",
  "**:data-[slot=options]:flex **:data-[slot=options]:flex-col **:data-[slot=options]:gap-0.5",
  "**:data-[slot=options]:*:data-[slot=option]:grid **:data-[slot=options]:*:data-[slot=option]:grid-cols-[auto_1fr] **:data-[slot=options]:*:data-[slot=option]:items-start **:data-[slot=options]:*:data-[slot=option]:gap-x-2 **:data-[slot=options]:*:data-[slot=option]:rounded-md **:data-[slot=options]:*:data-[slot=option]:px-2 **:data-[slot=options]:*:data-[slot=option]:py-1.5 **:data-[slot=options]:*:data-[slot=option]:hover:bg-accent",
  "**:data-[slot=options]:*:data-[slot=option]:has-data-[state=checked]:bg-hitl-selected **:data-[slot=options]:*:data-[style=danger]:[&_label]:text-destructive",
  "[&_.hitl-radio]:mt-0.5 [&_.hitl-radio]:inline-flex [&_.hitl-radio]:size-4 [&_.hitl-radio]:shrink-0 [&_.hitl-radio]:cursor-pointer [&_.hitl-radio]:items-center [&_.hitl-radio]:justify-center [&_.hitl-radio]:rounded-full [&_.hitl-radio]:border [&_.hitl-radio]:border-input [&_.hitl-radio]:shadow-xs [&_.hitl-radio]:outline-none [&_.hitl-radio]:focus-visible:ring-[3px] [&_.hitl-radio]:focus-visible:ring-ring/50 [&_.hitl-radio]:data-[state=checked]:border-primary [&_.hitl-radio]:disabled:opacity-50",
  "[&_.hitl-radio-indicator]:size-2 [&_.hitl-radio-indicator]:rounded-full [&_.hitl-radio-indicator]:bg-primary",
  "[&_.hitl-question-option-label]:cursor-pointer [&_.hitl-question-option-label]:wrap-anywhere [&_.hitl-question-option-description]:col-start-2 [&_.hitl-question-option-description]:m-0 [&_.hitl-question-option-description]:text-xs [&_.hitl-question-option-description]:text-muted-foreground",
  "**:data-[slot=option-form]:**:data-[slot=submit]:h-8 **:data-[slot=option-form]:**:data-[slot=submit]:rounded-md **:data-[slot=option-form]:**:data-[slot=submit]:bg-primary **:data-[slot=option-form]:**:data-[slot=submit]:px-3 **:data-[slot=option-form]:**:data-[slot=submit]:font-medium **:data-[slot=option-form]:**:data-[slot=submit]:text-primary-foreground **:data-[slot=option-form]:**:data-[slot=submit]:shadow-xs **:data-[slot=option-form]:**:data-[slot=submit]:outline-none **:data-[slot=option-form]:**:data-[slot=submit]:hover:bg-primary/90 **:data-[slot=option-form]:**:data-[slot=submit]:focus-visible:ring-[3px] **:data-[slot=option-form]:**:data-[slot=submit]:focus-visible:ring-ring/50",
);
/** The receipt's summary: the option chosen, or the words written, quoted. */
const summary = cn(
  "flex flex-col gap-1 [&_p]:m-0 [&_.hitl-help]:text-muted-foreground",
  "[&_blockquote]:mt-0.5 [&_blockquote]:max-h-60 [&_blockquote]:overflow-y-auto [&_blockquote]:rounded-r-md [&_blockquote]:border-l-3 [&_blockquote]:bg-muted [&_blockquote]:px-2.5 [&_blockquote]:py-1.5 [&_blockquote]:whitespace-pre-wrap [&_blockquote]:wrap-anywhere",
);

/** A transport's question in shadcn's look: prompt, options, free text, Decline, status, receipt. */
export function Question({ prompt, answer, className, ...props }: QuestionProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, options, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Options />
      <Parts.FreeText className="m-0 flex flex-col gap-1.5">{freeText}</Parts.FreeText>
      <Parts.Actions className={shell.actions}>
        <Parts.Decline className={shell.decline} />
      </Parts.Actions>
      <Parts.Status className={shell.status} />
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
        <TextParts.Decline className={shell.decline} />
      </TextParts.Actions>
      <TextParts.Status className={shell.status} />
      <TextParts.Receipt className={shell.receipt} summary={<TextParts.Summary answer={answer} />} />
    </TextParts.Root>
  );
}

/** The registry entries: the kit's question and text kinds with these components. */
export const questionWidget = widget(questionEntry.kind, Question);
export const textWidget = widget(textEntry.kind, TextQuestion);
