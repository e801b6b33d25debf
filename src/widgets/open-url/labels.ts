/** Strings of the open-URL consent widget (namespace `openUrl`). */
export const openUrlLabels = {
  domainHeading: "This opens a page on",
  urlHeading: "Full address",
  open: (domain: string) => `Open ${domain}`,
  newTab: "(opens in a new tab)",
  decline: "Don't open",
  declineReason: "Why not? (optional)",
  opened: "Opened. The agent continues once you finish there.",
};
export type OpenUrlLabels = typeof openUrlLabels;
