import { useState, useSyncExternalStore } from "react";
import { defaultRegistry, useHitlClient, type WidgetPropsOf, widget } from "../../src/index";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * The LangGraph pages' widget for the test kind: one button per id, shown once the client is live.
 * A page's stream can show an interrupt before its client has read the thread (a run the page
 * started: the transport for the new thread catches up first), and until then an answer is
 * refused as `reconnecting` — a click in that window would be lost by the test, not by the kit
 * (it failed a CI run under load). A refusal's issues show as `data-refused`.
 */
function Pick({
  payload,
  prompt,
  status,
  onSubmit,
  testId,
}: WidgetPropsOf<typeof conformanceKind> & { testId: string }) {
  const client = useHitlClient();
  const { connection } = client.transport;
  const live = useSyncExternalStore(connection.subscribe, connection.getSnapshot) === "live";
  const [refused, setRefused] = useState<string>();
  return (
    <fieldset data-testid={testId} data-state={status} data-refused={refused}>
      <legend>{prompt}</legend>
      {live &&
        payload.ids.map((id) => (
          <button
            key={id}
            type="button"
            onClick={() => {
              const result = onSubmit?.({ id });
              if (result && !result.ok) setRefused(result.issues.map((issue) => issue.message).join("; "));
            }}
          >
            {id}
          </button>
        ))}
    </fieldset>
  );
}

/** The default registry with the test kind as `Pick` (its fieldset's test id: `testId`). */
export function pickRegistry(testId = "pick") {
  return defaultRegistry.extend(widget(conformanceKind, (props) => <Pick {...props} testId={testId} />));
}
