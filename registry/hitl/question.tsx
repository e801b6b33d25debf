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
import { cn, shell } from "@/components/hitl/shell";

/**
 * A transport's own questions in shadcn's look: the kit's parts (`hitl-kit/widgets/question`) with
 * Tailwind classes. `Question` (kind `question`) shows up to three plain options as buttons (one
 * click answers) and more, or described ones, as a radio group (arrow keys) with Submit, plus free
 * text where allowed; `TextQuestion` (kind `text`) is the free text alone. A radio's `data-state`
 * is `checked` or `unchecked`, an option button's `data-style` `primary` or `danger`.
 */

/** The free-text answer with Send (Enter, or Ctrl/Cmd+Enter in a textarea). */
const freeText = cn(
  "m-0 flex flex-col gap-1.5 [&_.hitl-label]:text-sm [&_.hitl-label]:font-medium",
  "[&_.hitl-question-text-row]:flex [&_.hitl-question-text-row]:items-end [&_.hitl-question-text-row]:gap-2",
  "**:data-[slot=text-input]:min-w-0 **:data-[slot=text-input]:flex-auto **:data-[slot=text-input]:rounded-md **:data-[slot=text-input]:border **:data-[slot=text-input]:border-input **:data-[slot=text-input]:bg-transparent **:data-[slot=text-input]:px-3 **:data-[slot=text-input]:py-2 **:data-[slot=text-input]:shadow-xs **:data-[slot=text-input]:outline-none",
  "**:data-[slot=text-input]:placeholder:text-muted-foreground **:data-[slot=text-input]:focus-visible:border-ring **:data-[slot=text-input]:focus-visible:ring-[3px] **:data-[slot=text-input]:focus-visible:ring-ring/50 **:data-[slot=text-input]:aria-invalid:border-destructive dark:**:data-[slot=text-input]:bg-input/30",
  "[&_textarea]:min-h-16 [&_textarea]:resize-y [&_input]:h-9",
  "**:data-[slot=send]:h-9 **:data-[slot=send]:rounded-md **:data-[slot=send]:bg-primary **:data-[slot=send]:px-4 **:data-[slot=send]:font-medium **:data-[slot=send]:text-primary-foreground **:data-[slot=send]:shadow-xs **:data-[slot=send]:outline-none **:data-[slot=send]:hover:bg-primary/90 **:data-[slot=send]:focus-visible:ring-[3px] **:data-[slot=send]:focus-visible:ring-ring/50",
  "[&_.hitl-question-hint]:m-0 [&_.hitl-question-hint]:text-xs [&_.hitl-question-hint]:text-muted-foreground **:data-[slot=field-error]:m-0 **:data-[slot=field-error]:text-xs **:data-[slot=field-error]:text-destructive",
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
      <Parts.FreeText className={freeText} />
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
      <TextParts.Input className={freeText} />
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
