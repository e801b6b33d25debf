import { MAX_SOURCE_QUERY_LENGTH } from "../../kinds/limits";

/**
 * The one search rule of the pickers' search boxes, as pure functions: an item matches when its
 * text contains every word of the query, ignoring case and accents.
 *
 * - Words are what whitespace separates; their order does not matter ("ledger v2" finds
 *   "payments-ledger-v2"), each may sit anywhere, even inside a longer word ("berr" finds "Berry").
 * - Case and accents never matter: both sides are lower-cased and decomposed (NFKD) and their
 *   combining marks dropped, so "creme" finds "Crème brûlée" and "CRÈME" finds "creme"; compatibility
 *   forms fold too (the "ﬁ" ligature finds "fi", full-width letters their ASCII twins).
 * - A blank query (nothing but whitespace) matches everything.
 * - A query is at most `SEARCH_MAX_LENGTH` characters: the boxes say so with `maxLength`, and the
 *   rule reads no further.
 *
 * Before this module the multi-select matched the whole query as one lower-cased substring, and
 * the template picker every lower-cased word (neither ignored accents); the media picker's search
 * goes to the app's loader, which has its own rule.
 */

/** The longest query a search box takes: the same limit a remote collection's query has. */
export const SEARCH_MAX_LENGTH = MAX_SOURCE_QUERY_LENGTH;

/** Text as the rule compares it: lower-cased, decomposed, without combining marks. Fold once per item. */
export function foldSearchText(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
}

/** The query's words, folded (empty for a blank query). */
export function searchWords(query: string): string[] {
  return foldSearchText(query.slice(0, SEARCH_MAX_LENGTH)).split(/\s+/).filter(Boolean);
}

/** Whether `folded` (from `foldSearchText`) contains every one of `words` (from `searchWords`). */
export function matchesWords(folded: string, words: readonly string[]): boolean {
  return words.every((word) => folded.includes(word));
}

/** Whether `text` matches `query`: for one item; fold a list's texts once and use `matchesWords`. */
export function matchesSearch(text: string, query: string): boolean {
  return matchesWords(foldSearchText(text), searchWords(query));
}
