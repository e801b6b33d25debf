"use client";
import type { aspectRatioKind } from "../kinds/aspect-ratio";
import type { formKind } from "../kinds/form";
import type { mediaKind } from "../kinds/media";
import type { multiSelectKind } from "../kinds/multi-select";
import type { approvalKind, questionKind, textKind } from "../kinds/native";
import type { openUrlKind } from "../kinds/open-url";
import type { questionsKind } from "../kinds/questions";
import type { templateKind } from "../kinds/template";
import { createRegistry, lazyWidget } from "../react/registry";

/**
 * Every built-in kind with its default widget, each loaded (kind and widget together) the first
 * time a request of its kind arrives, so a chat page pays for no widget before one is asked for.
 * Extend it: `defaultRegistry.extend(widget(myKind, MyWidget))`; warm it: `defaultRegistry.preload()`.
 */
export const defaultRegistry = createRegistry(
  lazyWidget<typeof mediaKind>("media", () => import("./media-picker/media-picker.entry").then((m) => m.default)),
  lazyWidget<typeof templateKind>("template", () =>
    import("./template-picker/template-picker.entry").then((m) => m.default),
  ),
  lazyWidget<typeof aspectRatioKind>("aspect-ratio", () =>
    import("./aspect-ratio-picker/aspect-ratio-picker.entry").then((m) => m.default),
  ),
  lazyWidget<typeof multiSelectKind>("multi-select", () =>
    import("./multi-select/multi-select.entry").then((m) => m.default),
  ),
  lazyWidget<typeof formKind>("form", () => import("./form/form.entry").then((m) => m.default)),
  lazyWidget<typeof approvalKind>("approval", () => import("./approval/approval.entry").then((m) => m.default)),
  lazyWidget<typeof questionKind>("question", () => import("./question/question.entry").then((m) => m.question)),
  lazyWidget<typeof textKind>("text", () => import("./question/question.entry").then((m) => m.text)),
  lazyWidget<typeof openUrlKind>("open-url", () => import("./open-url/open-url.entry").then((m) => m.default)),
  lazyWidget<typeof questionsKind>("questions", () => import("./questions/questions.entry").then((m) => m.default)),
);
