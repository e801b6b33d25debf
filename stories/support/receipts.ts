import { within } from "storybook/test";

/** What a receipt shows. */

/** A receipt's label → value pairs (its `<dt>`/`<dd>`: form fields, template variables). */
export function receiptValues(element: HTMLElement): Record<string, string> {
  const terms = within(element).getAllByRole("term");
  return Object.fromEntries(terms.map((term) => [term.textContent ?? "", term.nextElementSibling?.textContent ?? ""]));
}

/** The items of the one list in `element` (a receipt's chosen items), in order, by their text. */
export function receiptItems(element: HTMLElement): (string | null)[] {
  const list = within(element).getByRole("list");
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}
