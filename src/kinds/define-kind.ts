import { z } from "zod";
import type { HitlIssue } from "../core/issues";
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
  /**
   * The kind has no decline of its own: a decline (or a chat reply) is this value. The approval's
   * decline is a deny, so there is one representation of it in the ledger and on every wire.
   */
  readonly declineAs?: (reason: string | undefined) => Res;
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
  /** What a decline is, for a kind without a decline of its own (see `KindDefinition.declineAs`). */
  readonly declineAs?: (reason: string | undefined) => z.output<Res>;
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
    ...(options.declineAs ? { declineAs: options.declineAs } : {}),
  };
}

/** The items of a remote collection the answer was chosen from, each parsed by the kind. */
export type ItemOf<D> = D extends KindDefinition<string, infer _Req, infer _Res, infer Item> ? Item : never;

// One implementation for the browser's client, the server and a widget: they live in core,
// which judges answers without depending on any kind.
export { type AnswerContext, parseRequest, resolveRequest, validateAnswer } from "../core/kind";
