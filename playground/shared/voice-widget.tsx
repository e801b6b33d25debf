import { isInteractive, isSettledStatus, type WidgetPropsOf } from "hitl-kit";
import { isSafeMediaUrl } from "hitl-kit/kinds";
import { useId, useState } from "react";
import type { voiceKind } from "./voice-kind";

/** The `voice` kind's widget: a radio per voice with its sample clip; Submit or Decline (one answer either way). */
export function VoicePicker({ payload, prompt, status = "open", answer, ...on }: WidgetPropsOf<typeof voiceKind>) {
  const [voiceId, setVoiceId] = useState("");
  const name = useId();
  const chosen = payload.voices.find((voice) => voice.id === answer?.voiceId)?.name ?? answer?.voiceId;
  const note = {
    answered: chosen ? `Voice: ${chosen}` : "Answered in the chat.",
    declined: "Declined.",
    submitting: "Sending…",
    responded: "Sent.",
    error: `Not sent: ${on.error}`,
  };
  return (
    <fieldset data-slot="widget" data-kind="voice" data-state={status} className="hitl-widget">
      <legend data-slot="prompt" className="hitl-prompt">
        {prompt}
      </legend>
      {isInteractive(status) && (
        <form
          data-slot="form"
          className="hitl-form"
          onSubmit={(e) => {
            e.preventDefault();
            on.onSubmit?.({ voiceId });
          }}
        >
          {payload.voices.map((voice) => (
            <div
              key={voice.id}
              data-slot="option"
              data-state={voice.id === voiceId ? "checked" : "unchecked"}
              className="voice-option"
            >
              <label>
                <input type="radio" name={name} required onChange={() => setVoiceId(voice.id)} /> {voice.name}{" "}
                <small>{voice.language}</small>
              </label>
              {isSafeMediaUrl(voice.sampleUrl) && (
                // biome-ignore lint/a11y/useMediaCaption: the kind has no transcript to caption the sample with.
                <audio controls preload="metadata" src={voice.sampleUrl} aria-label={`${voice.name} sample`} />
              )}
            </div>
          ))}
          <div data-slot="actions" className="hitl-actions">
            <button type="submit" data-slot="submit" className="hitl-button hitl-button-primary">
              Submit
            </button>
            <button type="button" data-slot="decline" className="hitl-button" onClick={() => on.onDecline?.()}>
              Decline
            </button>
            {status === "error" && (
              <button type="button" data-slot="retry" className="hitl-button" onClick={on.onRetry}>
                Retry
              </button>
            )}
          </div>
        </form>
      )}
      <p
        data-slot={isSettledStatus(status) ? "receipt" : "status"}
        data-state={status}
        className="hitl-status"
        role="status"
      >
        {note[status as keyof typeof note] ?? (status === "open" ? "" : `Ended: ${status}`)}
      </p>
    </fieldset>
  );
}
