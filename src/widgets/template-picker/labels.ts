/** Strings of the template picker (namespace `template`). */
export const templateLabels = {
  search: "Search templates",
  searchPlaceholder: "Name, description or tag",
  tags: "Filter by tag",
  moreTags: (hidden: number) => `${hidden} more tags`,
  fewerTags: "Fewer tags",
  templates: "Templates",
  count: (shown: number) => (shown === 1 ? "1 template" : `${shown} templates`),
  noMatch: "No templates match",
  clearFilters: "Clear filters",
  brokenPreview: "Preview unavailable",
  chooseTemplate: "Choose a template",
  variablesHeading: (name: string) => `Fill in “${name}”`,
  /** A line of the error summary for a variable. */
  issue: (label: string, message: string) => `${label}: ${message}`,
  chosenHeading: "Template",
  empty: "—",
};
export type TemplateLabels = typeof templateLabels;
