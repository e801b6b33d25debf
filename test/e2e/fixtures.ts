/**
 * The Playwright `test` for the end-to-end suite.
 * - `playground` (one per worker): eve, its prompt log, the MCP and LangGraph servers, Redis and
 *   two page servers serving the chat pages `global-setup.ts` built; `baseURL` is its first page.
 * - `promptLog`: the scripted model's prompt log, marked where the test started.
 * - `answerPosts`: every answer POST (`{ inputResponses }`) sent by any page of the test's context
 *   (reported by the page itself as it sends; see `markAnswerPosts`).
 */
import { test as base, expect, type Request } from "@playwright/test";
import { markPromptLog, type PromptLog } from "./prompt-log";
import { type Playground, startPlayground } from "./servers";

export interface AnswerPost {
  readonly url: string;
  readonly inputResponses: ReadonlyArray<{ requestId: string; optionId?: string; text?: string }>;
}

/** The header the init script below puts on every answer POST a page makes through `fetch`. */
const ANSWER_MARK = "x-hitl-e2e-answer";
/** The page function the init script calls with each such POST, before it goes. */
const ANSWER_BINDING = "__hitlE2eAnswerPost";

/**
 * Counts each answer POST in the page itself, where its body is known: the page hands it to the
 * test (a Playwright binding) and marks it with a header as it goes out. The network events alone
 * miss some: Chromium now and then reports a request without its body (`hasPostData` set, the
 * bytes left out: a CI run counted zero answer POSTs for an answer eve had received), and with
 * traces off, two cross-tab races here counted none at all for an answer eve got.
 */
function markAnswerPosts({ mark, binding }: { mark: string; binding: string }) {
  const send = window.fetch.bind(window);
  const report = (window as unknown as Record<string, (url: string, body: string) => Promise<void>>)[binding];
  window.fetch = (input, init) => {
    if (init?.method === "POST" && typeof init.body === "string" && init.body.includes('"inputResponses"')) {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href).href;
      void report?.(url, init.body);
      const headers = new Headers(init.headers);
      headers.set(mark, "1");
      return send(input, { ...init, headers });
    }
    return send(input, init);
  };
}

function answerPostOf(url: string, body: string): AnswerPost {
  try {
    const parsed = JSON.parse(body) as { inputResponses?: AnswerPost["inputResponses"] };
    return { url, inputResponses: parsed.inputResponses ?? [] };
  } catch {
    return { url, inputResponses: [] };
  }
}

/** An answer POST the page did not make through its `fetch` (so not reported by the binding). */
function unmarkedAnswerPost(request: Request): AnswerPost | undefined {
  if (request.method() !== "POST" || !/\/eve\/v1\/session\/[^/?]+$/.test(new URL(request.url()).pathname)) return;
  if (request.headers()[ANSWER_MARK]) return undefined;
  const body = request.postData();
  return body?.includes('"inputResponses"') ? answerPostOf(request.url(), body) : undefined;
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
      // Bound before the init script runs in any page, so every page's fetch can report.
      await context.exposeBinding(ANSWER_BINDING, (_source, url: string, body: string) => {
        posts.push(answerPostOf(url, body));
      });
      await context.addInitScript(markAnswerPosts, { mark: ANSWER_MARK, binding: ANSWER_BINDING });
      context.on("request", (request) => {
        const post = unmarkedAnswerPost(request);
        if (post) posts.push(post);
      });
      await use(posts);
    },
    { auto: true },
  ],
});

export { expect };
