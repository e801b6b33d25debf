/** Strings of `<HitlRenderer>` (namespace `renderer`). */
export const rendererLabels = {
  region: "Requests from the agent",
  announce: (prompt: string) => `The agent asks: ${prompt}`,
  position: (position: number, total: number) => `Request ${position} of ${total}`,
  /** The close button of a request the transport lets a person dismiss (MCP's `cancel`). */
  dismiss: "Close without answering",
  /** Said while a widget loads (the first request of its kind on this page). */
  loading: "Loading…",
  /** Declines the request while its widget loads: the request stays answerable meanwhile. */
  decline: "Decline",
  /** The group around "Approve all" (approvals asked together, e.g. parallel tool calls). */
  batch: (count: number) => `${count} approvals asked together`,
  /** Approves every open request of the batch: one answer each. */
  approveAll: (count: number) => `Approve all ${count}`,
};
