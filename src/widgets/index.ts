"use client";

export { Approval, type ApprovalProps } from "./approval/approval";
export { AspectRatioPicker, type AspectRatioPickerProps } from "./aspect-ratio-picker/aspect-ratio-picker";
/** hitl-kit/widgets — every built-in widget, its parts and the default registry. Each one alone: `hitl-kit/widgets/<name>`. */
export { defaultRegistry } from "./default-registry";
export { Fallback } from "./fallback/fallback";
export { Form, type FormProps } from "./form/form";
export { MediaPicker, type MediaPickerProps } from "./media-picker/media-picker";
export { MultiSelect, type MultiSelectProps } from "./multi-select/multi-select";
export { OpenUrl, type OpenUrlProps } from "./open-url/open-url";
export { Question, type QuestionProps } from "./question/question";
export { TextQuestion, type TextQuestionProps } from "./question/text-question";
export { WidgetShell } from "./shared/widget-shell";
export { TemplatePicker, type TemplatePickerProps } from "./template-picker/template-picker";
