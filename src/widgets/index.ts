"use client";
import { aspectRatioKind } from "../kinds/aspect-ratio";
import { formKind } from "../kinds/form";
import { mediaKind } from "../kinds/media";
import { multiSelectKind } from "../kinds/multi-select";
import { approvalKind, questionKind, textKind } from "../kinds/native";
import { openUrlKind } from "../kinds/open-url";
import { templateKind } from "../kinds/template";
import { createRegistry, widget } from "../react/registry";
import { Approval } from "./approval/approval";
import { AspectRatioPicker } from "./aspect-ratio-picker/aspect-ratio-picker";
import { Form } from "./form/form";
import { MediaPicker } from "./media-picker/media-picker";
import { MultiSelect } from "./multi-select/multi-select";
import { OpenUrl } from "./open-url/open-url";
import { Question, TextQuestion } from "./question/question";
import {
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  ShellSubmit,
} from "./shared/widget-shell";
import { TemplatePicker } from "./template-picker/template-picker";

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
  Status: ShellStatus,
  Receipt: ShellReceipt,
  Issues: ShellIssues,
};

/** Every built-in kind with its default widget. Extend it: `defaultRegistry.extend(widget(myKind, MyWidget))`. */
export const defaultRegistry = createRegistry(
  widget(mediaKind, MediaPicker),
  widget(templateKind, TemplatePicker),
  widget(aspectRatioKind, AspectRatioPicker),
  widget(multiSelectKind, MultiSelect),
  widget(formKind, Form),
  widget(approvalKind, Approval),
  widget(questionKind, Question),
  widget(textKind, TextQuestion),
  widget(openUrlKind, OpenUrl),
);

export { Approval, type ApprovalProps } from "./approval/approval";
export { AspectRatioPicker, type AspectRatioPickerProps } from "./aspect-ratio-picker/aspect-ratio-picker";
export { Fallback } from "./fallback/fallback";
export { Form, type FormProps } from "./form/form";
export { MediaPicker, type MediaPickerProps } from "./media-picker/media-picker";
export { MultiSelect, type MultiSelectProps } from "./multi-select/multi-select";
export { OpenUrl, type OpenUrlProps } from "./open-url/open-url";
export { Question, type QuestionProps, TextQuestion, type TextQuestionProps } from "./question/question";
export { TemplatePicker, type TemplatePickerProps } from "./template-picker/template-picker";
