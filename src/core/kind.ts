import type { z } from "zod";
import { validateResponse } from "./answer";
import { fromZodIssues, type HitlIssue, type Validated } from "./issues";

/**
 * What the client needs of a kind to judge an answer, structurally, so core depends on no kind:
 * `defineKind` (`hitl-kit/kinds`) returns exactly this shape, and so can a kind of your own.
 * The browser's client and the agent's server validate with the same functions below.
 */
export interface KindContract<Req = unknown, Res = unknown, Item = unknown> {
  readonly kind: string;
  /** Parses `ui` (the request payload). */
  readonly request: z.ZodType<Req>;
  /** Parses an answer value, before the cross-check. */
  readonly response: z.ZodType<Res>;
  /** Cross-checks an answer against its request (ids exist, counts in range…). Empty means fine. */
  readonly check?: (request: Req, response: Res) => readonly HitlIssue[];
  /** Set when a request may name a remote collection (`source`) instead of inlining its items. */
  readonly collection?: KindCollectionContract<Req, Item>;
  /**
   * The kind has no decline of its own: a decline (and a chat reply) is this value. An approval's
   * decline is a deny, so the ledger, every adapter and the receipt see one representation of it.
   */
  readonly declineAs?: (reason: string | undefined) => Res;
}

/** Any kind, for lists of kinds (a kind consumes and produces its own request and answer types). */
// biome-ignore lint/suspicious/noExplicitAny: variance: a kind is a consumer and a producer of Req/Res.
export type AnyKindContract = KindContract<any, any, any>;

/** How a kind's request names a remote collection (see `KindCollection` in `hitl-kit/kinds`). */
export interface KindCollectionContract<Req, Item> {
  readonly item: z.ZodType<Item>;
  itemId(item: Item): string;
  sourceOf(request: Req): { readonly id: string; readonly query?: string | undefined } | undefined;
  withItems(request: Req, items: readonly Item[]): Req;
}

/**
 * Where a client finds the kind of a request: an array of kinds, or a registry (whose lazy
 * widgets bring their kind when they load; `kindOf` is `undefined` until then).
 */
export interface KindSource {
  kindOf(name: string): AnyKindContract | undefined;
  /** Starts loading a kind ahead of its first request (a lazy registry). */
  preload?(name: string): unknown;
}

/** A `KindSource` over a fixed list of kinds. */
export function kindSourceOf(kinds: KindSource | readonly AnyKindContract[]): KindSource {
  if (!Array.isArray(kinds)) return kinds as KindSource;
  const byName = new Map((kinds as readonly AnyKindContract[]).map((kind) => [kind.kind, kind]));
  return { kindOf: (name) => byName.get(name) };
}

/**
 * What a widget knows beyond the request when it answers: the items of the remote collection the
 * request names that the loader returned (at least those the answer picks). Untrusted like any
 * item: each is parsed with the kind's item schema again.
 */
export interface AnswerContext {
  readonly items?: readonly unknown[];
}

/** Parses a request payload with its kind's schema. Never throws. */
export function parseRequest<Req>(kind: Pick<KindContract<Req>, "request">, payload: unknown): Validated<Req> {
  const parsed = kind.request.safeParse(payload);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: fromZodIssues(parsed.error.issues) };
}

/** The last parse of each payload object, with the kind it was parsed by (the ledger keeps a request's payload object). */
const parsedPayloads = new WeakMap<object, readonly [object, Validated<unknown>]>();

/**
 * `parseRequest`, once per payload object and kind: the client (judging an answer) and the render
 * decision (typing the widget's payload) read the same result, so a request's payload is parsed
 * once however often it renders or is answered.
 */
export function parsePayload<Req>(kind: Pick<KindContract<Req>, "request">, payload: unknown): Validated<Req> {
  if (typeof payload !== "object" || payload === null) return parseRequest(kind, payload);
  const known = parsedPayloads.get(payload);
  if (known?.[0] === kind) return known[1] as Validated<Req>;
  const parsed = parseRequest(kind, payload);
  parsedPayloads.set(payload, [kind, parsed]);
  return parsed;
}

/**
 * Validates an answer value against its kind (schema, then cross-check with the request). For a
 * request that names a remote collection, `context.items` are what its loader returned: the
 * cross-check then sees them as the request's items, so an id the loader never returned is
 * refused. Without them only what the request itself states (counts, repeats) can be checked.
 */
export function validateAnswer<Req, Res>(
  kind: Pick<KindContract<Req, Res>, "kind" | "response" | "check" | "collection">,
  request: NoInfer<Req>,
  value: unknown,
  context: AnswerContext = {},
): Validated<Res> {
  return validateResponse(kind, value, resolveRequest(kind, request, context));
}

/** The request as the cross-check should see it: a remote source's known items inlined. */
export function resolveRequest<Req>(
  kind: Pick<KindContract<Req>, "collection">,
  request: Req,
  context: AnswerContext,
): Req {
  const collection = kind.collection;
  if (!collection || context.items === undefined || collection.sourceOf(request) === undefined) return request;
  const items = context.items.flatMap((item) => {
    const parsed = collection.item.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return collection.withItems(request, items);
}
