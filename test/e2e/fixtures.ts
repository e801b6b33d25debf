/**
 * The Playwright `test` for the end-to-end suite. The playground (eve server + chat page) is
 * started once by `global-setup.ts`; `baseURL` is its page.
 * - `promptLog`: the scripted model's prompt log, marked where the test started.
 * - `answerPosts`: every answer POST (`{ inputResponses }`) sent by any page of the test's context
 *   (`inputResponses` is empty where Chromium did not report the body; see `markAnswerPosts`).
 */
import { test as base, expect, type Request } from "@playwright/test";
import { fromSetup, PAGE_URL_ENV, PROMPT_LOG_ENV } from "./env";
import { markPromptLog, type PromptLog } from "./prompt-log";

export interface AnswerPost {
  readonly url: string;
  readonly inputResponses: ReadonlyArray<{ requestId: string; optionId?: string; text?: string }>;
}

/** The header the init script below puts on every answer POST a page makes. */
const ANSWER_MARK = "x-hitl-e2e-answer";

/**
 * Marks each answer POST in the page, where its body is known. Chromium now and then reports a
 * request to Playwright without its body (`hasPostData` set, the bytes left out: a CI run counted
 * zero answer POSTs for an answer eve had received), so the body alone cannot say which POSTs to
 * the session route were answers and which were chat messages. A header always arrives.
 */
function markAnswerPosts(mark: string) {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (init?.method === "POST" && typeof init.body === "string" && init.body.includes('"inputResponses"')) {
      const headers = new Headers(init.headers);
      headers.set(mark, "1");
      return send(input, { ...init, headers });
    }
    return send(input, init);
  };
}

function answerPost(request: Request): AnswerPost | undefined {
  if (request.method() !== "POST" || !/\/eve\/v1\/session\/[^/?]+$/.test(new URL(request.url()).pathname)) return;
  let body: { inputResponses?: AnswerPost["inputResponses"] } | null = null;
  try {
    body = request.postDataJSON();
  } catch {
    body = null;
  }
  if (body?.inputResponses) return { url: request.url(), inputResponses: body.inputResponses };
  if (request.headers()[ANSWER_MARK]) return { url: request.url(), inputResponses: [] };
  return undefined;
}

export const test = base.extend<{ promptLog: PromptLog; answerPosts: AnswerPost[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern; none here.
  baseURL: async ({}, use) => {
    await use(fromSetup(PAGE_URL_ENV));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern; none here.
  promptLog: async ({}, use) => {
    await use(markPromptLog(fromSetup(PROMPT_LOG_ENV)));
  },
  answerPosts: [
    async ({ context }, use) => {
      const posts: AnswerPost[] = [];
      await context.addInitScript(markAnswerPosts, ANSWER_MARK);
      context.on("request", (request) => {
        const post = answerPost(request);
        if (post) posts.push(post);
      });
      await use(posts);
    },
    { auto: true },
  ],
});

export { expect };
