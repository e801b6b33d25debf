import type { WidgetPropsOf } from "hitl-kit";
import { isSafeMediaUrl } from "hitl-kit/kinds";
import { WidgetShell as Shell } from "hitl-kit/widgets";
import { useId, useState } from "react";
import type { voiceKind } from "./voice-kind";

/** The `voice` kind's widget, built from the kit's shell parts: a radio per voice with its sample. */
export function VoicePicker({ payload, prompt, answer, onSubmit, ...shell }: WidgetPropsOf<typeof voiceKind>) {
  const [voiceId, setVoiceId] = useState("");
  const name = useId();
  const chosen = payload.voices.find((voice) => voice.id === answer?.voiceId);
  return (
    <Shell.Root kind="voice" {...shell}>
      <Shell.Prompt>{prompt}</Shell.Prompt>
      <Shell.Form onSubmit={() => onSubmit?.({ voiceId })}>
        {payload.voices.map((voice) => (
          <div key={voice.id} className="voice-option" data-state={voice.id === voiceId ? "checked" : "unchecked"}>
            <label>
              <input type="radio" name={name} checked={voice.id === voiceId} onChange={() => setVoiceId(voice.id)} />
              {` ${voice.name} `}
              <small>{voice.language}</small>
            </label>
            {isSafeMediaUrl(voice.sampleUrl) && (
              // biome-ignore lint/a11y/useMediaCaption: the kind carries no transcript to caption the sample with.
              <audio controls preload="metadata" src={voice.sampleUrl} aria-label={`${voice.name} sample`} />
            )}
          </div>
        ))}
        <Shell.Actions>
          <Shell.Submit disabled={voiceId === ""} />
          <Shell.Decline />
        </Shell.Actions>
      </Shell.Form>
      <Shell.Status />
      <Shell.Receipt summary={chosen && <p>Voice: {chosen.name}</p>} />
    </Shell.Root>
  );
}
