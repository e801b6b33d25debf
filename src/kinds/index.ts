import { aspectRatioKind } from "./aspect-ratio";
import { formKind } from "./form";
import { mediaKind } from "./media";
import { multiSelectKind } from "./multi-select";
import { approvalKind, questionKind, textKind } from "./native";
import { openUrlKind } from "./open-url";
import { questionsKind } from "./questions";
import { templateKind } from "./template";

export { isSafeMediaUrl } from "../core/url";
export * from "./aspect-ratio";
export * from "./collection";
export type {
  AnyKind,
  DefineKindOptions,
  ItemOf,
  KindDefinition,
  RequestOf,
  ResponseOf,
} from "./define-kind";
export { defineKind } from "./define-kind";
export * from "./form";
export {
  MAX_ASPECT_RATIO_PRESETS,
  MAX_CURSOR_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_FORM_FIELDS,
  MAX_FORM_OPTIONS,
  MAX_ID_LENGTH,
  MAX_ITEMS,
  MAX_LABEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_ITEMS,
  MAX_PATTERN_LENGTH,
  MAX_PROMPT_LENGTH,
  MAX_SOURCE_QUERY_LENGTH,
  MAX_TAGS,
  MAX_TEMPLATE_VARIABLES,
  MAX_TEMPLATE_VARIABLES_TOTAL,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
} from "./limits";
export * from "./media";
export * from "./multi-select";
export * from "./native";
export * from "./open-url";
export { loadPatternEngine } from "./pattern-engine";
export * from "./questions";
export { descriptionSchema, idSchema, labelSchema, listSchema, nameSchema, uniqueKey, urlSchema } from "./schema-parts";
export * from "./template";

/**
 * Every built-in kind, keyed by its kind name. A value (not a registry filled at import time):
 * pair it with widgets in `createRegistry`, or pick the kinds you need.
 */
export const builtInKinds = {
  media: mediaKind,
  template: templateKind,
  "aspect-ratio": aspectRatioKind,
  "multi-select": multiSelectKind,
  form: formKind,
  approval: approvalKind,
  question: questionKind,
  text: textKind,
  "open-url": openUrlKind,
  questions: questionsKind,
} as const;

export type BuiltInKinds = typeof builtInKinds;
export type BuiltInKindName = keyof BuiltInKinds;
export type BuiltInKind = BuiltInKinds[BuiltInKindName];
