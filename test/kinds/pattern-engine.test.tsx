import { createElement } from "react";
import { parseRequest } from "../../src/core";
import { renderRequest } from "../../src/core/render";
import { formKind } from "../../src/kinds/index";
import { loadPatternEngine, patternEngine } from "../../src/kinds/pattern-engine";
import { createRegistry, widget } from "../../src/react/registry";

/**
 * The pattern engine (re2js, ~46 kB gz) loads only for a form that has a pattern. This file runs
 * in its own module graph without the engine (test/setup.ts leaves it unloaded here), so it sees
 * a browser's first form.
 */
describe("the pattern engine, loaded on first use", () => {
  const withPattern = {
    kind: "form",
    fields: [{ type: "text", name: "code", label: "Code", pattern: "[A-Z]{3}" }],
  };
  const withoutPattern = { kind: "form", fields: [{ type: "text", name: "name", label: "Name" }] };
  const registry = createRegistry(widget(formKind, () => createElement("p")));

  it("given a form without patterns, should resolve it at once", () => {
    expect(renderRequest(registry, { kind: "form", payload: withoutPattern }).type).toBe("widget");
    expect(patternEngine()).toBeUndefined();
  });

  it("given a pattern before the engine is in, should refuse it with the reason rather than skip it", () => {
    const parsed = parseRequest(formKind, withPattern);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/pattern engine is not loaded.*loadPatternEngine/),
    ]);
  });

  it("given a form with a pattern, should resolve as loading until the engine is in, then parse and match", async () => {
    const first = renderRequest(registry, { kind: "form", payload: withPattern });
    expect(first.type).toBe("loading");
    await (first.type === "loading" ? first.loaded : undefined);
    expect(patternEngine()).toBeDefined();
    const ready = renderRequest(registry, { kind: "form", payload: withPattern });
    expect(ready.type).toBe("widget");
    if (ready.type !== "widget") return;
    const request = ready.payload as { kind: "form"; fields: never[] };
    expect(formKind.check?.(request, { values: { code: "ABC" } })).toEqual([]);
    expect(formKind.check?.(request, { values: { code: "abc" } })).toEqual([
      { path: ["values", "code"], message: "Must match the pattern [A-Z]{3}" },
    ]);
  });

  it("given a pattern RE2 cannot run in linear time, should refuse it once the engine is in", async () => {
    await loadPatternEngine();
    const parsed = parseRequest(formKind, {
      kind: "form",
      fields: [{ type: "text", name: "x", label: "X", pattern: "(a)\\1" }],
    });
    expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^Not a pattern that can be matched safely/),
    ]);
  });
});
