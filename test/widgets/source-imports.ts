import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";

/**
 * Walks a source file's relative imports (the kit's own modules, `.ts`/`.tsx`/`index.ts`) from
 * `entry` (relative to the repository) and returns the files it reached and every bare specifier
 * they import. Each file reached must not be a client module (`"use client"`): the machine tests
 * use it to hold a picker's connect free of React and the DOM.
 */
export function sourceImports(entry: string): { readonly files: ReadonlySet<string>; readonly outside: string[] } {
  const files = new Set<string>();
  const outside: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    expect(source).not.toContain('"use client"');
    for (const [, specifier = ""] of source.matchAll(/(?:from|import)\s+"([^"]+)"/g)) {
      if (!specifier.startsWith(".")) outside.push(specifier);
      else visit(resolveSource(join(dirname(file), specifier)));
    }
  };
  visit(join(process.cwd(), entry));
  return { files, outside };
}

function resolveSource(path: string): string {
  for (const candidate of [`${path}.ts`, `${path}.tsx`, join(path, "index.ts")]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${path}`);
}
