import type { z } from "zod";

/** One validation problem, in a shape that survives JSON (so the server can quote it to a model). */
export interface HitlIssue {
  /** Where the problem is, e.g. `["items", 3, "url"]`; empty for the value as a whole. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Zod's issues, reduced to plain data: symbols in paths (never produced by JSON) become strings. */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[]): HitlIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === "symbol" ? String(key) : key)),
    message: issue.message,
  }));
}

/** `items.3.url: Too long` — one line per issue, readable by a person and by a model. */
export function formatIssues(issues: readonly HitlIssue[]): string {
  return issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("\n");
}

/** Result of validating untrusted input: never thrown, always returned. */
export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly HitlIssue[] };
