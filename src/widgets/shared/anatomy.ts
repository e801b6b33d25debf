/**
 * The parts every widget's shell has, by the `data-slot` each carries (`widget-shell.tsx` renders
 * them): each widget's anatomy adds its own to these (`anatomy`). The root's slot is `widget`, the
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

/**
 * A widget's anatomy, Zag's way: each part by the `data-slot` it carries (style and test by
 * these), the shell's first. The parts write their slots as literals checked against `SlotOf`,
 * so a widget's chunk carries no table.
 */
export function anatomy<const Parts extends Record<string, string>>(parts: Parts): typeof shellAnatomy & Parts {
  return { ...shellAnatomy, ...parts };
}

/** A part's `data-slot` in an anatomy. */
export type SlotOf<Anatomy> = Anatomy[keyof Anatomy];
