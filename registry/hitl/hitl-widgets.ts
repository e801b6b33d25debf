"use client";
import { createRegistry, lazyWidget } from "hitl-kit";
import type {
  approvalKind,
  aspectRatioKind,
  formKind,
  mediaKind,
  multiSelectKind,
  openUrlKind,
  questionKind,
  questionsKind,
  templateKind,
  textKind,
} from "hitl-kit/kinds";

/**
 * The kit's registry with the widgets copied into this app (`@/components/hitl`), each loaded the
 * first time its kind is asked for, as the kit's own `defaultRegistry` loads its widgets: a chat
 * page pays for no widget before an agent asks for it. Swap it in with the fallback:
 *
 *   <HitlProvider transport={transport} registry={hitlRegistry}>
 *     <HitlRenderer fallback={HitlFallback} />
 *   </HitlProvider>
 *
 * Extend it with your own kinds: `hitlRegistry.extend(widget(voiceKind, VoicePicker))`. A widget
 * you did not copy: delete its line here, and the kit's styled one can stand in
 * (`lazyWidget("media", () => import("hitl-kit/widgets/media-picker").then((m) => m.default))`).
 */
export const hitlRegistry = createRegistry(
  lazyWidget<typeof mediaKind>("media", () =>
    import("@/components/hitl/media-picker").then((m) => m.mediaPickerWidget),
  ),
  lazyWidget<typeof templateKind>("template", () =>
    import("@/components/hitl/template-picker").then((m) => m.templatePickerWidget),
  ),
  lazyWidget<typeof aspectRatioKind>("aspect-ratio", () =>
    import("@/components/hitl/aspect-ratio-picker").then((m) => m.aspectRatioPickerWidget),
  ),
  lazyWidget<typeof multiSelectKind>("multi-select", () =>
    import("@/components/hitl/multi-select").then((m) => m.multiSelectWidget),
  ),
  lazyWidget<typeof formKind>("form", () => import("@/components/hitl/form").then((m) => m.formWidget)),
  lazyWidget<typeof approvalKind>("approval", () => import("@/components/hitl/approval").then((m) => m.approvalWidget)),
  lazyWidget<typeof questionKind>("question", () => import("@/components/hitl/question").then((m) => m.questionWidget)),
  lazyWidget<typeof textKind>("text", () => import("@/components/hitl/question").then((m) => m.textWidget)),
  lazyWidget<typeof questionsKind>("questions", () =>
    import("@/components/hitl/questions").then((m) => m.questionsWidget),
  ),
  lazyWidget<typeof openUrlKind>("open-url", () => import("@/components/hitl/open-url").then((m) => m.openUrlWidget)),
);

/** The answerable fallback in the same look, for `HitlRenderer`'s `fallback`. */
export { Fallback as HitlFallback } from "@/components/hitl/fallback";
