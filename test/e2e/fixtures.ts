/**
 * The Playwright `test` for the end-to-end suite.
 * - `playground` (one per worker): eve, its prompt log, the MCP and LangGraph servers, Redis and
 *   two page servers serving the chat pages `global-setup.ts` built; `baseURL` is its first page.
 * - `promptLog`: the scripted model's prompt log, marked where the test started.
 * - `answerPosts`: every answer POST (`{ inputResponses }`) sent by any page of the test's context
 *   (`inputResponses` is empty where Chromium did not report the body; see `markAnswerPosts`).
 */
import { test as base, expect, type Request } from "@playwright/test";
import { markPromptLog, type PromptLog } from "./prompt-log";
import { type Playground, startPlayground } from "./servers";

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

export const test = base.extend<{ promptLog: PromptLog; answerPosts: AnswerPost[] }, { playground: Playground }>({
  playground: [
    async ({ browser }, use) => {
      const started = performance.now();
      const playground = await startPlayground();
      try {
        // Each page once, before any test: a page that does not come up fails here, not in every test.
        for (const baseURL of [playground.pageUrl, playground.secondPageUrl]) {
          const page = await browser.newPage({ baseURL });
          await page.goto("/");
          await expect(page.getByTestId("composer")).toBeEnabled({ timeout: 60_000 });
          await page.close();
        }
        console.error(
          `[e2e] playground ${playground.pageUrl} and ${playground.secondPageUrl} (eve ${playground.eveUrl}, claims in ${playground.redisUrl}, prompt log ${playground.promptLog}) ready in ${Math.round(performance.now() - started)} ms`,
        );
        await use(playground);
      } finally {
        await playground.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ playground }, use) => {
    await use(playground.pageUrl);
  },
  promptLog: async ({ playground }, use) => {
    await use(markPromptLog(playground.promptLog));
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
