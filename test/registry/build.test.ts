// @vitest-environment node
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The shadcn registry (`registry.json`, `registry/hitl/`) built by the real CLI, the pinned
 * `shadcn` devDependency, as a registry host would build it: one JSON per item, each file's
 * content the source file, the kit as an npm dependency, no registry dependency that would make
 * `shadcn add` reach outside this registry, and the theme's tokens in light and dark.
 */
const root = resolve(import.meta.dirname, "../..");

interface RegistryFile {
  readonly path: string;
  readonly type: string;
  readonly target?: string;
  readonly content?: string;
}
interface CssVars {
  readonly theme?: Record<string, string>;
  readonly light?: Record<string, string>;
  readonly dark?: Record<string, string>;
}
interface RegistryItem {
  readonly name: string;
  readonly type: string;
  readonly dependencies?: readonly string[];
  readonly registryDependencies?: readonly string[];
  readonly files?: readonly RegistryFile[];
  readonly cssVars?: CssVars;
}

const source = JSON.parse(readFileSync(join(root, "registry.json"), "utf8")) as {
  name: string;
  homepage: string;
  items: RegistryItem[];
};
const names = new Set(source.items.map((item) => item.name));

/** Every built-in kind's widget, and the fallback. */
const widgets = [
  "inbox",
  "media-picker",
  "template-picker",
  "aspect-ratio-picker",
  "multi-select",
  "form",
  "approval",
  "question",
  "questions",
  "open-url",
  "fallback",
];

let out = "";
const built = new Map<string, RegistryItem>();

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "hitl-registry-"));
  await new Promise<void>((done, fail) => {
    execFile(
      "npx",
      ["--no-install", "shadcn", "build", "registry.json", "-o", out],
      // A dead address for shadcn's own registry: building must never need the network.
      { cwd: root, timeout: 120_000, env: { ...process.env, REGISTRY_URL: "http://127.0.0.1:9/r" } },
      (error, stdout, stderr) =>
        error ? fail(new Error(`shadcn build failed: ${error.message}\n${stdout}\n${stderr}`)) : done(),
    );
  });
  for (const file of readdirSync(out)) {
    if (file === "registry.json") continue;
    const item = JSON.parse(readFileSync(join(out, file), "utf8")) as RegistryItem;
    built.set(file, item);
  }
}, 150_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

/** A package name without its version: `hitl-kit@^0.1.0` → `hitl-kit`, `@scope/x@1` → `@scope/x`. */
const packageName = (dependency: string) => dependency.replace(/(?<=.)@.*$/, "");

describe("the shadcn registry, built by the shadcn CLI", () => {
  it("given registry.json, should name the registry and hold every widget, the theme and the lib", () => {
    expect(source.name).toBe("hitl-kit");
    expect(source.homepage).toMatch(/^https:\/\//);
    expect(source.items.map((item) => item.name).sort()).toEqual([...widgets, "hitl-theme", "hitl-widgets"].sort());
    for (const name of widgets) {
      expect(source.items.find((item) => item.name === name)?.type, name).toBe("registry:component");
    }
  });

  it("should write one JSON per item, named after it, and the index", () => {
    expect(readdirSync(out).sort()).toEqual([...[...names].map((name) => `${name}.json`), "registry.json"].sort());
    for (const [file, item] of built) expect(item.name, file).toBe(file.replace(/\.json$/, ""));
  });

  it("given each built file, should carry its source file's content unchanged, and its target", () => {
    for (const item of source.items) {
      const output = built.get(`${item.name}.json`);
      expect(output?.files?.length ?? 0, item.name).toBe(item.files?.length ?? 0);
      for (const [index, file] of (item.files ?? []).entries()) {
        const copied = output?.files?.[index];
        expect(copied?.path, item.name).toBe(file.path);
        expect(copied?.target, item.name).toBe(file.target);
        expect(copied?.content, file.path).toBe(readFileSync(join(root, file.path), "utf8"));
      }
    }
  });

  it("given each widget item, should copy its component and the shared shell styles to components/hitl and depend on the kit", () => {
    for (const name of widgets) {
      const item = built.get(`${name}.json`);
      expect(
        item?.files?.map((file) => [file.type, file.target]),
        name,
      ).toEqual([
        ["registry:component", `components/hitl/${name}.tsx`],
        ["registry:lib", "components/hitl/shell.ts"],
      ]);
      expect(item?.dependencies?.map(packageName), name).toContain("hitl-kit");
    }
    expect(built.get("hitl-widgets.json")?.dependencies?.map(packageName)).toContain("hitl-kit");
  });

  it("should have no registry dependency on a URL or on an item outside this registry", () => {
    // A bare name means shadcn's own registry (ui.shadcn.com), never this one; a URL or a
    // namespace another host. An item here may only use what it ships and its npm dependencies.
    const outside = [...built.values()].flatMap((item) =>
      (item.registryDependencies ?? [])
        .filter((dependency) => /^[a-z][a-z0-9+.-]*:/i.test(dependency) || !names.has(dependency))
        .map((dependency) => `${item.name} → ${dependency}`),
    );
    expect(outside).toEqual([]);
  });

  it("given the sources, should import logic only from the kit's packages and React", () => {
    for (const item of source.items) {
      for (const file of item.files ?? []) {
        const text = readFileSync(join(root, file.path), "utf8");
        const specifiers = [...text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)].map(
          (match) => match[1] ?? match[2] ?? "",
        );
        const foreign = specifiers.filter(
          (specifier) =>
            !/^hitl-kit(\/|$)/.test(specifier) && specifier !== "react" && !specifier.startsWith("@/components/hitl/"),
        );
        expect(foreign, file.path).toEqual([]);
      }
    }
  });

  it("given the theme, should set its tokens for light and dark, and every widget item should carry them", () => {
    const theme = built.get("hitl-theme.json");
    expect(theme?.type).toBe("registry:theme");
    const light = Object.keys(theme?.cssVars?.light ?? {});
    expect(light.length).toBeGreaterThan(0);
    expect(Object.keys(theme?.cssVars?.dark ?? {}).sort()).toEqual(light.sort());
    // Each token the widgets' classes use (`bg-hitl-selected`, `text-hitl-success`) is a theme colour.
    for (const name of ["hitl-selected", "hitl-success"]) {
      expect(theme?.cssVars?.theme?.[`color-${name}`], name).toBeDefined();
    }
    for (const name of widgets) expect(built.get(`${name}.json`)?.cssVars, name).toEqual(theme?.cssVars);
  });
});
