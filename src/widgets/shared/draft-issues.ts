import type { HitlIssue } from "../../core/issues";

/**
 * The pure half of `useDraft`: which field an answer's issues belong to, which field is the first
 * invalid one, and the error summary. No React, so each rule is tested on its own.
 */

/** A field of a draft, in the order it is shown. */
export interface DraftField {
  /** The key issues are filed under (`fieldOf`) and the control registered with. */
  readonly name: string;
  /** How the error summary names the field; without one the summary shows the bare message. */
  readonly label?: string | undefined;
}

export interface SplitIssues {
  /** The first message for each field (a field shows one problem at a time). */
  readonly byField: ReadonlyMap<string, string>;
  /** Messages that belong to no shown field: the answer as a whole. */
  readonly general: readonly string[];
}

/**
 * Files each issue under the field `fieldOf` names, when that field is shown; the first message per
 * field wins (list a local problem first to override the schema's message for the same field).
 */
export function splitIssuesByField(
  fields: readonly DraftField[],
  issues: readonly HitlIssue[],
  fieldOf: (issue: HitlIssue) => string | undefined,
): SplitIssues {
  const names = new Set(fields.map((field) => field.name));
  const byField = new Map<string, string>();
  const general: string[] = [];
  for (const issue of issues) {
    const name = fieldOf(issue);
    if (name !== undefined && names.has(name)) {
      if (!byField.has(name)) byField.set(name, issue.message);
    } else {
      general.push(issue.message);
    }
  }
  return { byField, general };
}

/** The first field, in display order, that has a problem: where focus goes on a refused submit. */
export function firstInvalidField(
  fields: readonly DraftField[],
  byField: ReadonlyMap<string, string>,
): string | undefined {
  return fields.find((field) => byField.has(field.name))?.name;
}

/** Every problem, one line each: fields in display order (named by `format`), then the general ones. */
export function issueSummary(
  fields: readonly DraftField[],
  { byField, general }: SplitIssues,
  format: (label: string, message: string) => string,
): string[] {
  const lines: string[] = [];
  for (const field of fields) {
    const message = byField.get(field.name);
    if (message !== undefined) lines.push(field.label === undefined ? message : format(field.label, message));
  }
  return [...lines, ...general];
}

/** The field an issue's path names when it sits under `root` (`["values", "email"]` → `"email"`). */
export function fieldUnder(root: string): (issue: HitlIssue) => string | undefined {
  return (issue) => {
    const [first, name] = issue.path;
    return first === root && typeof name === "string" ? name : undefined;
  };
}
