import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { TRIGGER_PHRASES } from "./registry";

/** The chat box both chat pages use: Enter sends, Shift+Enter adds a line, chips send a trigger phrase. */

export interface ComposerProps {
  disabled: boolean;
  activity: string;
  error: string | undefined;
  onSend: (text: string) => unknown;
  /** Who the message goes to (the form's name and the placeholder). @default "the agent" */
  to?: string;
  /** The chips: what the page's model reacts to. @default TRIGGER_PHRASES */
  phrases?: readonly string[];
}

export function Composer({
  disabled,
  activity,
  error,
  onSend,
  to = "the agent",
  phrases = TRIGGER_PHRASES,
}: ComposerProps) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const hintId = useId();

  const submit = (text: string) => {
    if (disabled || text.trim() === "") return;
    setDraft("");
    void onSend(text);
  };

  return (
    <form
      className="composer"
      aria-label={`Message ${to}`}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(draft);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <div className="composer-row">
        <textarea
          id={inputId}
          data-testid="composer"
          className="composer-input"
          rows={2}
          value={draft}
          disabled={disabled}
          placeholder={`Message ${to}… (try a phrase below)`}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit(draft);
            }
          }}
        />
        <button
          type="submit"
          data-testid="send"
          className="button button-primary"
          disabled={disabled || draft.trim() === ""}
        >
          Send
        </button>
      </div>
      <p id={hintId} className="composer-hint">
        <span>Enter sends, Shift+Enter adds a line.</span>
        <span role="status" className="composer-activity">
          {activity}
        </span>
      </p>
      {error && (
        <p className="composer-error" role="alert">
          Couldn't send: {error}
        </p>
      )}
      <ul className="chips" aria-label="Try a phrase">
        {phrases.map((phrase) => (
          <li key={phrase}>
            <button
              type="button"
              className="chip"
              data-testid="trigger-chip"
              data-phrase={phrase}
              disabled={disabled}
              onClick={() => void onSend(phrase)}
            >
              {phrase}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}
