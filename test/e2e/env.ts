/** How `global-setup.ts` hands the running playground to the tests (the workers inherit its environment). */
export const PAGE_URL_ENV = "HITL_E2E_PAGE_URL";
/** The second page server (its own answer guard, the same eve and Redis claim store): another device's way in. */
export const SECOND_PAGE_URL_ENV = "HITL_E2E_SECOND_PAGE_URL";
export const PROMPT_LOG_ENV = "HITL_E2E_PROMPT_LOG";

export function fromSetup(name: typeof PAGE_URL_ENV | typeof SECOND_PAGE_URL_ENV | typeof PROMPT_LOG_ENV): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (its globalSetup)`);
  return value;
}
