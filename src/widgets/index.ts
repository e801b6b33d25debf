"use client";
/**
 * hitl-kit/widgets — every built-in widget, its parts and the fallback (the default registry is
 * `hitl-kit`'s). Each widget's registry entry alone: `hitl-kit/widgets/<name>`.
 */

// The primitives the built-in widgets are made of, for your own kinds' widgets. (Here, not in the
// root entry: a root re-export would put them in every chat page's first chunk.)
export { CollectionPageError, type ValidatedPage, validatePage } from "../react/collection-pages";
export {
  collectionQueryKey,
  type RemoteCollection,
  type RemoteCollectionStatus,
  type UseRemoteCollectionOptions,
  useRemoteCollection,
} from "../react/use-remote-collection";
export { Approval, type ApprovalProps } from "./approval/approval";
export { aspectRatioPickerAnatomy } from "./aspect-ratio-picker/anatomy";
export {
  AspectRatioPicker,
  type AspectRatioPickerProps,
  type AspectRatioRootProps,
  type OptionProps as AspectRatioOptionProps,
  type ShapeProps as AspectRatioShapeProps,
} from "./aspect-ratio-picker/aspect-ratio-picker";
export type { AspectRatioCollection } from "./aspect-ratio-picker/collection";
export {
  type AspectRatioApi,
  type AspectRatioConnectContext,
  type AspectRatioValueEvent,
  connect as connectAspectRatioPicker,
} from "./aspect-ratio-picker/connect";
/**
 * The pickers' default (English) labels: what `connect` needs beside the machine's state when a
 * port renders without the kit's React parts (those read overrides from `LabelsProvider`).
 */
export { type AspectRatioLabels, aspectRatioLabels } from "./aspect-ratio-picker/labels";
/** The aspect-ratio picker as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type AspectRatioEvent,
  type AspectRatioState,
  aspectRatioPickerMachine,
  type CustomDraft as AspectRatioCustomDraft,
  type CustomErrors as AspectRatioCustomErrors,
} from "./aspect-ratio-picker/machine";
export {
  type UseAspectRatioPicker,
  type UseAspectRatioPickerProps,
  useAspectRatioContext,
  useAspectRatioPicker,
} from "./aspect-ratio-picker/use-aspect-ratio-picker";
export { Fallback } from "./fallback/fallback";
export { formAnatomy } from "./form/anatomy";
export {
  connect as connectForm,
  type FormApi,
  type FormConnectContext,
  type FormControlEvent,
  type FormFieldDataType,
  type FormFieldLayout,
  type FormFocusable,
  type FormGroupBlurEvent,
} from "./form/connect";
export { Form, type FormProps } from "./form/form";
export { type FormLabels, formLabels } from "./form/labels";
/** The form as a pure machine: `initialState`, `transition` and the selectors. */
export { type FormEvent, type FormState, type FormValidation, formMachine } from "./form/machine";
export { type UseFormProps, useForm, useFormContext } from "./form/use-form";
export { mediaPickerAnatomy } from "./media-picker/anatomy";
export type { MediaCollection, MediaCollectionInput } from "./media-picker/collection";
export {
  connect as connectMediaPicker,
  type MediaPickerApi,
  type MediaPickerConnectContext,
  type MediaPickerGridEnvironment,
  type MediaPickerKeyEvent,
  type MediaTile,
} from "./media-picker/connect";
export { type MediaLabels, mediaLabels } from "./media-picker/labels";
/** The media picker as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type MediaPickerEvent,
  type MediaPickerKeyInput,
  type MediaPickerState,
  mediaPickerMachine,
} from "./media-picker/machine";
export { MediaPicker, type MediaPickerProps } from "./media-picker/media-picker";
export {
  type UseMediaPickerProps,
  useMediaPicker,
  useMediaPickerContext,
} from "./media-picker/use-media-picker";
export { multiSelectAnatomy } from "./multi-select/anatomy";
export type {
  ListRow as MultiSelectListRow,
  ListView as MultiSelectListView,
  MultiSelectCollection,
  MultiSelectOption,
  OptionRow as MultiSelectOptionRow,
  Section as MultiSelectSection,
} from "./multi-select/collection";
export {
  connect as connectMultiSelect,
  type MultiSelectApi,
  type MultiSelectCheckboxEvent,
  type MultiSelectConnectContext,
  type MultiSelectKeyEvent,
  type MultiSelectListEnvironment,
  type MultiSelectValueEvent,
} from "./multi-select/connect";
export { type MultiSelectLabels, multiSelectLabels } from "./multi-select/labels";
/** The multi-select as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type MultiSelectEvent,
  type MultiSelectKeyInput,
  type MultiSelectState,
  multiSelectMachine,
} from "./multi-select/machine";
export { MultiSelect, type MultiSelectProps } from "./multi-select/multi-select";
export {
  type UseMultiSelect,
  type UseMultiSelectProps,
  useMultiSelect,
  useMultiSelectContext,
} from "./multi-select/use-multi-select";
export { OpenUrl, type OpenUrlProps } from "./open-url/open-url";
export { questionAnatomy } from "./question/anatomy";
export {
  connect as connectQuestion,
  type QuestionApi,
  type QuestionConnectContext,
} from "./question/connect";
export { type QuestionLabels, questionLabels } from "./question/labels";
/** The question (and text question) as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type QuestionEvent,
  type QuestionOffer,
  type QuestionSource,
  type QuestionState,
  questionMachine,
} from "./question/machine";
export { Question, type QuestionProps, type QuestionRootProps } from "./question/question";
export { TextQuestion, type TextQuestionProps, type TextQuestionRootProps } from "./question/text-question";
export {
  type UseQuestion,
  type UseQuestionProps,
  useQuestion,
  useQuestionContext,
} from "./question/use-question";
export { questionsAnatomy } from "./questions/anatomy";
export {
  connect as connectQuestions,
  type QuestionsApi,
  type QuestionsConnectContext,
} from "./questions/connect";
export { type QuestionsLabels, questionsLabels } from "./questions/labels";
/** The question set as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type QuestionsEvent,
  type QuestionsState,
  questionsMachine,
} from "./questions/machine";
export { Questions, type QuestionsProps, type QuestionsRootProps } from "./questions/questions";
export {
  type UseQuestions,
  type UseQuestionsProps,
  useQuestions,
  useQuestionsContext,
} from "./questions/use-questions";
export { anatomy, type SlotOf, shellAnatomy } from "./shared/anatomy";
export type { ConnectContext, MessageIssue, Send, SubmitOutcome } from "./shared/connect-types";
export { createWidgetContext } from "./shared/create-widget-context";
export {
  type DefinedWidget,
  defineWidget,
  type ItemSource,
  type WidgetDefinition,
  type WidgetEnvironment,
  type WidgetRootProps,
} from "./shared/define-widget";
export type { DraftField } from "./shared/draft-issues";
export {
  type CollectionLabels,
  CollectionSearch,
  CollectionStatus,
  collectionLabels,
  describeCollection,
} from "./shared/remote-collection";
export {
  RadioGroup,
  type RadioGroupItemProps,
  type RadioGroupRootProps,
  ToggleRow,
  type ToggleRowProps,
} from "./shared/roving-group";
export { foldSearchText, matchesSearch, matchesWords, SEARCH_MAX_LENGTH, searchWords } from "./shared/search";
export { SearchBox, type SearchBoxProps } from "./shared/search-box";
export {
  addableIds,
  addToSelection,
  byPosition,
  clearSelection,
  removeFromSelection,
  type SelectionResult,
  type SelectionRules,
  selectAllVisible,
  selectionMax,
  setInSelection,
  toggleSelection,
} from "./shared/selection";
export { type ShellProps, splitShellProps } from "./shared/shell-props";
export { WidgetShell } from "./shared/shell-submit";
export { type Answer, type AnswerOutcome, useAnswer } from "./shared/use-answer";
export { type MachineState, useKindAnswer, useMachine } from "./shared/use-machine";
export {
  rowStyle,
  sizerStyle,
  useVirtualCollection,
  type VirtualCollection,
  type VirtualCollectionOptions,
} from "./shared/virtual-collection";
export { templatePickerAnatomy } from "./template-picker/anatomy";
export type { TemplateCollection, TemplateCollectionInput } from "./template-picker/collection";
export {
  connect as connectTemplatePicker,
  type TemplatePickerApi,
  type TemplatePickerConnectContext,
  type TemplatePickerControl,
  type TemplatePickerValueEvent,
} from "./template-picker/connect";
export { type TemplateLabels, templateLabels } from "./template-picker/labels";
/** The template picker as a pure machine: `initialState`, `transition` and the selectors. */
export {
  type TemplateDraft,
  type TemplatePickerEvent,
  type TemplatePickerState,
  templatePickerMachine,
} from "./template-picker/machine";
export { TemplatePicker, type TemplatePickerProps } from "./template-picker/template-picker";
export {
  type UseTemplatePickerProps,
  useTemplatePicker,
  useTemplatePickerContext,
} from "./template-picker/use-template-picker";
