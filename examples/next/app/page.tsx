// A React Server Component (no "use client"): it runs on the server only — here at build time,
// since the page is static. It imports the kit's React-free subpaths and hands plain data to the
// client components below.
import { encodeAnswer } from "hitl-kit/adapters/eve/wire";
import { mediaKind } from "hitl-kit/kinds";
import { pickerInputSchema } from "hitl-kit/server";
import { Chat } from "./chat";
import { PickerPreview } from "./preview";
import { samplePickMediaInput } from "./sample";

export default function Page() {
  // The schema an eve picker tool uses as its `inputSchema` (see the kit's README): parsing here
  // validates the payload and fills in defaults (alt text, media type) exactly as the tool would.
  const preview = pickerInputSchema(mediaKind).parse(samplePickMediaInput());
  // What the browser sends back for "the first item", as eve's `InputResponse.text`.
  const exampleAnswer = encodeAnswer(mediaKind.kind, { selected: [preview.ui.items[0]!.id] });

  return (
    <main className="page">
      <header className="page-header">
        <h1>hitl-kit · Next.js App Router</h1>
        <p>
          A chat with an eve agent. When the agent parks a picker tool call, the kit renders its widget and sends back
          exactly one answer.
        </p>
      </header>
      <div className="page-columns">
        <Chat />
        <aside className="preview" aria-labelledby="preview-title">
          <h2 id="preview-title">Widget preview (payload built on the server)</h2>
          <PickerPreview prompt={preview.prompt} payload={preview.ui} />
          <p className="preview-note">
            An answer travels to the agent as one JSON envelope, e.g. <code>{exampleAnswer}</code>
          </p>
        </aside>
      </div>
    </main>
  );
}
