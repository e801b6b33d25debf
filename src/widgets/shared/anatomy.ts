/**
 * The parts every widget's shell has, by the `data-slot` each carries (`widget-shell.tsx` renders
 * them): each widget's anatomy spreads these and adds its own. The root's slot is `widget`, the
 * same for every widget (`data-kind` tells them apart).
 */
export const shellAnatomy = {
  root: "widget",
  prompt: "prompt",
  issues: "issues",
  actions: "actions",
  submit: "submit",
  decline: "decline",
  status: "status",
  receipt: "receipt",
} as const;
