"use client";
import { encodeAnswer, encodeDecline } from "hitl-kit/adapters/eve/wire";
import type { WidgetStatus } from "hitl-kit/core";
import type { MediaRequest, MediaResponse } from "hitl-kit/kinds";
import { MediaPicker } from "hitl-kit/widgets";
import { useState } from "react";

export interface PickerPreviewProps {
  prompt: string;
  /** Parsed on the server with the kind's schema; arrives here as plain serialized data. */
  payload: MediaRequest;
}

/**
 * The media widget on its own, without an agent: it shows the envelope it would send instead of
 * sending it. (In the chat, `<HitlRenderer>` wires the same widget to the eve session.)
 */
export function PickerPreview({ prompt, payload }: PickerPreviewProps) {
  const [status, setStatus] = useState<WidgetStatus>("open");
  const [answer, setAnswer] = useState<MediaResponse>();
  const [declineReason, setDeclineReason] = useState<string>();
  const [sent, setSent] = useState<string>();

  const reset = () => {
    setStatus("open");
    setAnswer(undefined);
    setDeclineReason(undefined);
    setSent(undefined);
  };

  return (
    <div className="preview-widget">
      <MediaPicker
        // Remount on reset so the widget's own selection starts empty again.
        key={sent === undefined ? "open" : "done"}
        prompt={prompt}
        payload={payload}
        status={status}
        answer={answer}
        declineReason={declineReason}
        onSubmit={(value) => {
          setAnswer(value);
          setStatus("answered");
          setSent(encodeAnswer("media", value));
          return { ok: true };
        }}
        onDecline={(reason) => {
          setDeclineReason(reason);
          setStatus("declined");
          setSent(encodeDecline("media", reason));
        }}
      />
      {sent !== undefined && (
        <div className="preview-sent">
          <p>Would send:</p>
          <pre>{sent}</pre>
          <button type="button" onClick={reset}>
            Ask again
          </button>
        </div>
      )}
    </div>
  );
}
