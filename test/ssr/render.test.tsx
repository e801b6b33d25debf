// @vitest-environment node
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { noopJournal } from "../../src/core/journal";
import { defaultRegistry, HitlProvider, HitlRenderer } from "../../src/index";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/**
 * Server rendering (Next.js App Router, any SSR): the renderer and every built-in widget render
 * to HTML without touching `window` or `document`. The built-in widgets load on first use; a
 * streaming render (what the App Router does) waits for them, so the HTML holds each widget's
 * markup even on a cold server.
 */
describe("server rendering", () => {
  // A real server: no DOM globals at all, so any use of them (beyond a `typeof` guard) throws.
  beforeAll(() => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it("given one open request of every built-in kind on a cold server, a streaming render should hold every widget's markup", async () => {
    // Cold: no widget has loaded in this process yet.
    expect(defaultRegistry.get("media")).toBeUndefined();
    const session = createTestSession();
    const ask = (toolName: string, ui: Record<string, unknown>) =>
      session.ask({ toolName, input: { prompt: `Ask ${toolName}`, ui } });
    ask("pick_media", { kind: "media", items: [{ id: "a", url: "/a.png", alt: "A lake" }] });
    ask("pick_template", { kind: "template", templates: [{ id: "t", name: "Launch post" }] });
    ask("pick_ratio", { kind: "aspect-ratio", presets: [{ ratio: "16:9" }] });
    ask("pick_tags", { kind: "multi-select", options: [{ id: "x", label: "Design" }] });
    ask("ask_user_question", {
      kind: "questions",
      questions: [
        { id: "db", header: "Database", prompt: "Which database?", options: [{ id: "pg", label: "PostgreSQL" }] },
      ],
    });
    // A pattern: the form also waits for the pattern engine, which loads on first use too.
    ask("fill_form", {
      kind: "form",
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "text", name: "code", label: "Code", pattern: "[A-Z]{3}-[0-9]{2}" },
      ],
    });
    session.ask({
      toolName: "ask_question",
      input: { prompt: "Which?" },
      prompt: "Which?",
      options: [{ id: "one", label: "One" }],
    });
    session.requestApproval({ toolName: "delete_file", input: { path: "/tmp/x" } });
    ask("broken", { kind: "media", items: "nope" });

    const { prelude } = await prerender(
      <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
        <HitlRenderer />
      </HitlProvider>,
    );
    const html = await new Response(prelude).text();
    // The widget itself (data-state "open"), not only the loading shell that stood in for it.
    for (const kind of [
      "media",
      "template",
      "aspect-ratio",
      "multi-select",
      "questions",
      "form",
      "question",
      "approval",
    ]) {
      expect(html, kind).toContain(`data-state="open" data-kind="${kind}"`);
    }
    expect(html).toContain("Ask pick_media");
    expect(html).toContain("A lake");
    expect(html).toContain("Which database?");
    expect(html).toContain("Delete file");
    // The form's field with the pattern, not its fallback.
    expect(html).toMatch(/<label[^>]*>Code/);
    expect(html).toContain('data-reason="invalid-payload"');
  });

  it("given the widgets loaded, a synchronous render (renderToString) should hold the widget's markup too", async () => {
    await defaultRegistry.preload();
    const session = createTestSession();
    session.ask({
      toolName: "pick_tags",
      input: { prompt: "Tags?", ui: { kind: "multi-select", options: [{ id: "x", label: "Design" }] } },
    });
    const html = renderToString(
      <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
        <HitlRenderer />
      </HitlProvider>,
    );
    expect(html).toContain('data-kind="multi-select"');
    expect(html).toContain("Design");
  });
  it("given a request naming a collection with no loader, a server render should show the fallback and report nothing (a read has no side effect)", async () => {
    await defaultRegistry.preload("media");
    const session = createTestSession();
    session.ask({
      toolName: "pick_media",
      input: { prompt: "Pick one", ui: { kind: "media", source: { id: "nowhere" } } },
    });
    const errors: unknown[] = [];
    const page = (
      <HitlProvider transport={createTestTransport(session)} journal={noopJournal} onError={(e) => errors.push(e)}>
        <HitlRenderer />
      </HitlProvider>
    );
    // The built-in fallback loads on first use too: a streaming render waits for it.
    const { prelude } = await prerender(page);
    expect(await new Response(prelude).text()).toContain("No loader for the collection");
    // A render that cannot wait (renderToString) holds the answerable shell: prompt and Decline.
    const html = renderToString(page);
    expect(html).toContain("Pick one");
    expect(html).toContain(">Decline<");
    expect(errors).toEqual([]);
  });
});
