import { createEveAnswerGuard } from "hitl-kit/server";

/**
 * Same-origin mode (`EVE_PROXY_TARGET` set, `NEXT_PUBLIC_EVE_HOST=` empty): answers to eve pass
 * through the kit's cross-device guard, which asks eve's own session state and refuses, with 409
 * and what was chosen, an answer to a request another device already answered. Stateless: any
 * number of instances can run it. Other eve routes go through the rewrite in next.config.ts.
 */
const target = process.env.EVE_PROXY_TARGET?.replace(/\/+$/, "");
const guard = target ? createEveAnswerGuard({ eveUrl: target }) : undefined;

export async function POST(request: Request): Promise<Response> {
  if (!guard)
    return Response.json({ ok: false, error: "Set EVE_PROXY_TARGET to use same-origin mode." }, { status: 501 });
  return guard(request);
}

// Reads of the session go through the guard too (it forwards them untouched).
export const GET = POST;
