import type { WidgetPropsOf } from "hitl-kit";
import { isSafeMediaUrl } from "hitl-kit/kinds";
import {
  createWidgetContext,
  defineWidget,
  matchesSearch,
  RadioGroup,
  SearchBox,
  useAnswer,
  type WidgetEnvironment,
} from "hitl-kit/widgets";
import { useState } from "react";
import type { VoiceResponse, voiceKind } from "./voice-kind";

/**
 * The `voice` kind's widget on `defineWidget`: a search box over the voices (the kit's search
 * rule), a radio group of the matches (arrow keys move and choose; one tab stop) and the chosen
 * voice's sample. `defineWidget` adds the prompt, the form, Submit / Decline, status and receipt.
 */
type Props = WidgetPropsOf<typeof voiceKind>;

function useVoicePicker({ payload, onSubmit }: Pick<Props, "payload" | "onSubmit">, env: WidgetEnvironment<never>) {
  const [query, setQuery] = useState("");
  const [chosen, choose] = useState("");
  const answer = useAnswer({ status: env.status, onSubmit });
  const api = { voices: payload.voices, query, setQuery, chosen, choose };
  return { api, submit: () => chosen && answer.submit({ voiceId: chosen }) };
}
type VoiceApi = ReturnType<typeof useVoicePicker>["api"];
const [VoiceProvider, useVoice] = createWidgetContext<VoiceApi>("VoicePicker");

function Voices() {
  const { voices, query, setQuery, chosen, choose } = useVoice();
  const shown = voices.filter((voice) => matchesSearch(`${voice.name} ${voice.language}`, query)).map((v) => v.id);
  const byId = (id: string) => voices.find((voice) => voice.id === id);
  const sample = byId(chosen)?.sampleUrl ?? "";
  return (
    <>
      <SearchBox label="Search voices" value={query} onValueChange={setQuery} />
      <RadioGroup.Root aria-label="Voices" values={shown} value={chosen} onValueChange={choose}>
        {shown.map((id) => (
          <RadioGroup.Item key={id} value={id} className="voice-option">
            {byId(id)?.name} <small>{byId(id)?.language}</small>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {/* biome-ignore lint/a11y/useMediaCaption: the kind carries no transcript to caption the sample with. */}
      {isSafeMediaUrl(sample) && <audio controls preload="metadata" src={sample} aria-label="Sample" />}
    </>
  );
}

function Summary({ answer }: { answer?: VoiceResponse }) {
  return <p>Voice: {useVoice().voices.find((voice) => voice.id === answer?.voiceId)?.name}</p>;
}

export const VoicePicker = defineWidget<Props, VoiceApi>()({
  kind: "voice",
  Provider: VoiceProvider,
  use: useVoicePicker,
  content: <Voices />,
  parts: { Voices, Summary },
});
