import type { z } from "zod";

/** One validation problem, in a shape that survives JSON (so the server can quote it to a model). */
export interface HitlIssue {
  /** Where the problem is, e.g. `["items", 3, "url"]`; empty for the value as a whole. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Most issues kept from one validation: a hostile payload can fail in a million places. */
export const MAX_ISSUES = 50;
/** Longest issue message kept (a message can quote the offending value). */
export const MAX_ISSUE_MESSAGE_LENGTH = 300;
/** Deepest issue path kept. */
export const MAX_ISSUE_PATH_LENGTH = 12;

/**
 * Bounds an issue list: at most `MAX_ISSUES` (then one "…and N more issues" line), messages and
 * paths shortened, so what goes back to a model or onto the page stays small whatever the input
 * was. `total` is how many issues there were when `issues` is already a prefix. Idempotent.
 */
export function capIssues(issues: readonly HitlIssue[], total = issues.length): HitlIssue[] {
  if (total === issues.length && issues.length <= MAX_ISSUES + 1 && issues.every(isBounded)) return [...issues];
  const kept = issues.slice(0, MAX_ISSUES).map((issue) => ({
    path:
      issue.path.length > MAX_ISSUE_PATH_LENGTH
        ? [...issue.path.slice(0, MAX_ISSUE_PATH_LENGTH), "…"]
        : [...issue.path],
    message:
      issue.message.length > MAX_ISSUE_MESSAGE_LENGTH
        ? `${issue.message.slice(0, MAX_ISSUE_MESSAGE_LENGTH)}…`
        : issue.message,
  }));
  const more = total - kept.length;
  if (more > 0) kept.push({ path: [], message: `…and ${more.toLocaleString("en-US")} more issues` });
  return kept;
}

const MORE = /^…and ([\d,]+) more issues$/u;

/** How many issues a (possibly capped) list stands for: its "…and N more" line counts N. */
export function countIssues(issues: readonly HitlIssue[]): number {
  const last = issues[issues.length - 1];
  const more = last && last.path.length === 0 ? MORE.exec(last.message) : null;
  return more?.[1] ? issues.length - 1 + Number(more[1].replaceAll(",", "")) : issues.length;
}

function isBounded(issue: HitlIssue): boolean {
  return issue.path.length <= MAX_ISSUE_PATH_LENGTH + 1 && issue.message.length <= MAX_ISSUE_MESSAGE_LENGTH + 1;
}

/** Zod's issues, reduced to plain data (symbols in paths become strings) and bounded (`capIssues`). */
export function fromZodIssues(issues: readonly z.core.$ZodIssue[]): HitlIssue[] {
  const first = issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map((key) => (typeof key === "symbol" ? String(key) : key)),
    message: issue.message,
  }));
  return capIssues(first, issues.length);
}

/** `items.3.url: Too long` — one line per issue (bounded), readable by a person and by a model. */
export function formatIssues(issues: readonly HitlIssue[]): string {
  return capIssues(issues)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("\n");
}

/** Result of validating untrusted input: never thrown, always returned. */
export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly HitlIssue[] };
