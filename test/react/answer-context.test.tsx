import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { noopJournal } from "../../src/core/journal";
import { mediaKind } from "../../src/kinds/media";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry, type WidgetPropsOf, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { TestFallback } from "./harness";

const loaded = [{ id: "lib-1", url: "data:image/png;base64,AA", alt: "One" }];

/** A widget over a remote collection that answers with whatever it is told, with the loaded items as context. */
function Answering({ onSubmit }: WidgetPropsOf<typeof mediaKind>) {
  const [issues, setIssues] = useState<string[]>([]);
  const send = (id: string) => {
    const result = onSubmit?.({ selected: [id] }, { items: loaded });
    setIssues(result && !result.ok ? result.issues.map((issue) => issue.message) : []);
  };
  return (
    <div>
      <button type="button" onClick={() => send("lib-1")}>
        Send a loaded item
      </button>
      <button type="button" onClick={() => send("lib-999")}>
        Send an item never loaded
      </button>
      <p role="alert">{issues.join(" | ")}</p>
    </div>
  );
}

function setup() {
  const session = createTestSession();
  const ref = session.ask({
    toolName: "pick_media",
    input: { prompt: "Pick", ui: { kind: "media", source: { id: "library" } } },
  });
  render(
    <HitlProvider
      transport={createTestTransport(session)}
      registry={createRegistry(widget(mediaKind, Answering))}
      journal={noopJournal}
      collections={{ library: async () => ({ items: loaded }) }}
    >
      <HitlRenderer fallback={TestFallback} />
    </HitlProvider>,
  );
  return { session, ref };
}

describe("the answer to a remote collection, checked by the host", () => {
  it("given an id the loader never returned, should refuse it and send nothing", async () => {
    const { session, ref } = setup();
    await userEvent.click(screen.getByRole("button", { name: "Send an item never loaded" }));
    expect(screen.getByRole("alert")).toHaveTextContent('Unknown id "lib-999"');
    await act(async () => session.whenIdle());
    expect(session.answers(ref.requestId)).toEqual([]);
  });

  it("given an id among the loaded items, should send it", async () => {
    const { session, ref } = setup();
    await userEvent.click(screen.getByRole("button", { name: "Send a loaded item" }));
    await act(async () => session.whenIdle());
    expect(session.answers(ref.requestId).map((answer) => answer.response.text)).toEqual([
      '{"hitl":1,"kind":"media","value":{"selected":["lib-1"]}}',
    ]);
  });
});
