import { z } from "zod";
import { validateResponse } from "../core/answer";
import type { HitlIssue, Validated } from "../core/issues";
import { fromZodIssues } from "../core/issues";
import type { KindCollection } from "./collection";

/**
 * A kind: what a parked request of one `ui.kind` carries and what its answer looks like.
 * Plain data (schemas and functions), no React and no transport: the server helper, the browser
 * and every adapter share it. How an answer travels is each adapter's business.
 */
export interface KindDefinition<K extends string = string, Req = unknown, Res = unknown, Item = unknown> {
  readonly kind: K;
  /** Parses `ui` (the request payload). Its output always carries `kind: K`. */
  readonly request: z.ZodType<Req>;
  /** Parses an answer value, before the cross-check. */
  readonly response: z.ZodType<Res>;
  /** Cross-checks an answer against its request (ids exist, counts in range…). Empty means fine. */
  readonly check?: (request: Req, response: Res) => readonly HitlIssue[];
  /** Set when a request may name a remote collection (`source`) instead of inlining its items. */
  readonly collection?: KindCollection<Req, Item>;
  /**
   * Work this payload needs done before it can be parsed, or `undefined` when none is left: the
   * form loads its pattern engine only for a payload with patterns. The registry resolves the
   * request as `loading` until the promise settles (it must settle, failure included).
   */
  readonly prepare?: (payload: unknown) => Promise<void> | undefined;
}

/** Any kind, for collections of kinds. */
// biome-ignore lint/suspicious/noExplicitAny: variance: a kind is a consumer and a producer of Req/Res.
export type AnyKind = KindDefinition<string, any, any, any>;
// Both parameters are inferred: `Res` is also a parameter type (of `check`), so matching
// it against `unknown` would fail under strict function types.
export type RequestOf<D> = D extends KindDefinition<string, infer Req, infer _Res> ? Req : never;
export type ResponseOf<D> = D extends KindDefinition<string, infer _Req, infer Res> ? Res : never;

export interface DefineKindOptions<K extends string, Req extends z.ZodObject, Res extends z.ZodType, Item = unknown> {
  readonly kind: K;
  /** The payload's fields; `kind: z.literal(kind)` is added for you. */
  readonly request: Req;
  readonly response: Res;
  readonly check?: (request: z.output<Req> & { kind: K }, response: z.output<Res>) => readonly HitlIssue[];
  /** How a request names a remote collection (see `KindCollection`). */
  readonly collection?: KindCollection<z.output<Req> & { kind: K }, Item>;
  /** Work a payload needs before it can be parsed (see `KindDefinition.prepare`). */
  readonly prepare?: (payload: unknown) => Promise<void> | undefined;
}

/**
 * Defines a kind.
 *
 * @example
 * const voice = defineKind({
 *   kind: "voice",
 *   request: z.object({ voices: z.array(z.object({ id: z.string(), name: z.string() })).max(100) }),
 *   response: z.strictObject({ voiceId: z.string() }),
 *   check: (req, res) => req.voices.some((v) => v.id === res.voiceId) ? [] : [{ path: ["voiceId"], message: "Unknown voice" }],
 * });
 */
export function defineKind<const K extends string, Req extends z.ZodObject, Res extends z.ZodType, Item = unknown>(
  options: DefineKindOptions<K, Req, Res, Item>,
): KindDefinition<K, z.output<Req> & { kind: K }, z.output<Res>, Item> {
  type Request = z.output<Req> & { kind: K };
  type Response = z.output<Res>;
  if (!/^[a-z][a-z0-9.-]{0,99}$/i.test(options.kind)) {
    throw new Error(`defineKind: "${options.kind}" is not a valid kind name (letters, digits, "." and "-")`);
  }
  // The extended schema's output is exactly `Request`; TypeScript cannot see through `extend` on a
  // generic object schema, so the schema (not any data) is re-typed here.
  const request = options.request.extend({ kind: z.literal(options.kind) }) as unknown as z.ZodType<Request>;
  const response = options.response as z.ZodType<Response>;
  return {
    kind: options.kind,
    request,
    response,
    ...(options.check ? { check: options.check } : {}),
    ...(options.collection ? { collection: options.collection } : {}),
    ...(options.prepare ? { prepare: options.prepare } : {}),
  };
}

/** Parses a request payload with its kind's schema. */
export function parseRequest<Req>(
  kind: Pick<KindDefinition<string, Req, unknown>, "request">,
  payload: unknown,
): Validated<Req> {
  const parsed = kind.request.safeParse(payload);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: fromZodIssues(parsed.error.issues) };
}

/**
 * What a widget knows beyond the request when it answers: the items of the remote collection the
 * request names that the loader returned (at least those the answer picks). Untrusted like any
 * item: each is parsed with the kind's item schema again.
 */
export interface AnswerContext {
  readonly items?: readonly unknown[];
}

/** The items of a remote collection the answer was chosen from, each parsed by the kind. */
export type ItemOf<D> = D extends KindDefinition<string, infer _Req, infer _Res, infer Item> ? Item : never;

/**
 * Validates an answer value against its kind (schema, then cross-check with the request). For a
 * request that names a remote collection, `context.items` are what its loader returned: the
 * cross-check then sees them as the request's items, so an id the loader never returned is
 * refused. Without them only what the request itself states (counts, repeats) can be checked.
 */
export function validateAnswer<Req, Res>(
  kind: KindDefinition<string, Req, Res>,
  request: NoInfer<Req>,
  value: unknown,
  context: AnswerContext = {},
): Validated<Res> {
  return validateResponse(kind, value, resolveRequest(kind, request, context));
}

/** The request as the cross-check should see it: a remote source's known items inlined. */
export function resolveRequest<Req>(
  kind: Pick<KindDefinition<string, Req, unknown>, "collection">,
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
