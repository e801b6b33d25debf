import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtInKinds } from "../../src/kinds";

describe("kinds entry point", () => {
  it("given the built-in kinds, should key each by its own kind name", () => {
    expect(Object.entries(builtInKinds).map(([key, kind]) => [key, kind.kind])).toEqual([
      ["media", "media"],
      ["template", "template"],
      ["aspect-ratio", "aspect-ratio"],
      ["multi-select", "multi-select"],
      ["form", "form"],
      ["approval", "approval"],
      ["question", "question"],
      ["text", "text"],
      ["open-url", "open-url"],
      ["questions", "questions"],
    ]);
  });

  it("given the kinds sources, should import nothing but zod, the RE2 engine and each other (no React, no DOM)", () => {
    const dir = join(process.cwd(), "src/kinds");
    const files = [
      ...readdirSync(dir)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => join(dir, name)),
      join(process.cwd(), "src/core/url.ts"),
    ];
    const imports = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s+"([^"]+)"/g)].map((match) => match[1]),
    );
    expect(imports.length).toBeGreaterThan(0);
    const allowed = new Set(["zod", "re2js"]);
    expect(imports.filter((specifier) => !allowed.has(specifier ?? "") && !specifier?.startsWith("."))).toEqual([]);
  });
});
