/**
 * The Playwright `test` for the end-to-end suite. The playground (eve server + chat page) is
 * started once by `global-setup.ts`; `baseURL` is its page.
 * - `promptLog`: the scripted model's prompt log, marked where the test started.
 * - `answerPosts`: every answer POST (`{ inputResponses }`) sent by any page of the test's context.
 */
import { test as base, expect, type Request } from "@playwright/test";
import { fromSetup, PAGE_URL_ENV, PROMPT_LOG_ENV } from "./env";
import { markPromptLog, type PromptLog } from "./prompt-log";

export interface AnswerPost {
  readonly url: string;
  readonly inputResponses: ReadonlyArray<{ requestId: string; optionId?: string; text?: string }>;
}

function answerPost(request: Request): AnswerPost | undefined {
  if (request.method() !== "POST" || !/\/eve\/v1\/session\/[^/?]+$/.test(new URL(request.url()).pathname)) return;
  try {
    const body = request.postDataJSON() as { inputResponses?: AnswerPost["inputResponses"] } | null;
    return body?.inputResponses ? { url: request.url(), inputResponses: body.inputResponses } : undefined;
  } catch {
    return undefined;
  }
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
