import { defaultRegistry, widget } from "hitl-kit";
import { voiceKind } from "../../shared/voice-kind";
import { VoicePicker } from "../../shared/voice-widget";

/** Every built-in widget, plus the playground's own `voice` kind (both chat pages use it). */
export const registry = defaultRegistry.extend(widget(voiceKind, VoicePicker));

/** What the scripted model reacts to (see playground/agent/agent/lib/scripted-model.ts). */
export const TRIGGER_PHRASES = [
  "pick media",
  "pick from the library",
  "pick template",
  "pick aspect ratio",
  "pick tags",
  "fill form",
  "delete file",
  "clean up drafts",
  "pick voice",
  "broken ui",
  "ask region",
  "ask questions",
] as const;
