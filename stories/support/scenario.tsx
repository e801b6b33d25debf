import type { Loader, Meta, StoryContext } from "@storybook/react-vite";
import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { expect, waitFor } from "storybook/test";
import { toEveInputResponse } from "../../src/adapters/eve/encode";
import type { EveInputResponse } from "../../src/adapters/eve/schemas";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { formatIssues } from "../../src/core/issues";
import { noopJournal } from "../../src/core/journal";
import type { ParkedRequest } from "../../src/core/model";
import type { AnyKind, RequestOf } from "../../src/kinds/define-kind";
import type { CollectionLoaders } from "../../src/react/collections";
import { HitlProvider } from "../../src/react/provider";
import type { Registry } from "../../src/react/registry";
import { HitlRenderer, type HitlRendererProps } from "../../src/react/renderer";
import { useParkedInput } from "../../src/react/use-parked-input";
import {
  createTestSession,
  type EveInputOption,
  type TestRequestRef,
  type TestSession,
} from "../../src/testing/session";
import { createTestTransport, type TestTransport } from "../../src/testing/transport";
import { StoryFallback, storyRegistry } from "./registry";

/**
 * The story harness: every story gets its own in-memory eve session (`hitl-kit/testing`), the
 * agent parks the story's request(s) in it, the kit renders them through the real
 * HitlProvider → HitlRenderer → registry → widget path, and answers travel back to the session.
 * A `loaders` entry builds the session before render, so play functions read it from
 * `context.loaded` (see `storyHitl`) and can assert the single answer the session received.
 */

// ─── what the agent asks ─────────────────────────────────────────────────────────────────────────

/** One request the agent parks, as eve would emit it. */
export type StoryRequest =
  /** A tool that needs approval (eve `tool-approval`, kind `approval`). */
  | {
      readonly type: "approval";
      readonly toolName: string;
      readonly input: Record<string, unknown>;
      /** @default eve's `Approve <Tool name>?` */
      readonly prompt?: string;
    }
  /**
   * A workflow tool that `ctx.ask`s: a kit picker when `ui` is given (its kind is `ui.kind`),
   * otherwise eve's own question (with `options`) or text question.
   */
  | {
      readonly type: "ask";
      readonly toolName: string;
      readonly prompt: string;
      readonly ui?: unknown;
      readonly options?: readonly EveInputOption[];
      readonly allowFreeform?: boolean;
    };

/** A tool approval. */
export function approvalRequest(toolName: string, input: Record<string, unknown>, prompt?: string): StoryRequest {
  return { type: "approval", toolName, input, ...(prompt !== undefined ? { prompt } : {}) };
}

/**
 * The kind's payload with every field optional: a kind exposes only its parsed (output) type, in
 * which fields with defaults are required. Names and value types are still checked; the kind's
 * schema checks the rest at runtime (a payload it refuses renders the fallback).
 */
export type PayloadOf<D extends AnyKind> = DeepPartial<Omit<RequestOf<D>, "kind">>;
type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** A kit picker of `kind`, with a payload typed by the kind (`ui.kind` is added). */
export function pickerRequest<D extends AnyKind>(
  kind: D,
  payload: PayloadOf<D>,
  options: { prompt: string; toolName?: string },
): StoryRequest {
  return {
    type: "ask",
    toolName: options.toolName ?? `pick_${kind.kind.replace(/\W+/g, "_")}`,
    prompt: options.prompt,
    ui: { ...payload, kind: kind.kind },
  };
}

/** A picker whose `ui` is whatever you pass: for invalid payloads and unknown kinds. */
export function rawPickerRequest(ui: unknown, options: { prompt: string; toolName?: string }): StoryRequest {
  return { type: "ask", toolName: options.toolName ?? "pick_something", prompt: options.prompt, ui };
}

/** eve's own question (kind `question`): options, and free text when allowed. */
export function questionRequest(
  prompt: string,
  options: readonly EveInputOption[],
  config: { allowFreeform?: boolean; toolName?: string } = {},
): StoryRequest {
  return {
    type: "ask",
    toolName: config.toolName ?? "ask_user",
    prompt,
    options,
    allowFreeform: config.allowFreeform ?? false,
  };
}

// ─── the state a story shows ─────────────────────────────────────────────────────────────────────

/**
 * What happens to the (first) request before the play function runs:
 * - `open`: nothing.
 * - `submitting`: the kit sends `answer` (or a decline) and the send never returns.
 * - `responded`: the server accepted the answer and has not settled it yet (it never will).
 * - `answered`: the kit sends `answer`; the server settles it (receipt).
 * - `declined`: the kit sends the decline with `reason` (an approval shows it as denied).
 * - `cancelled`: the agent withdraws the request (`session.withdraw`).
 * - `ignored`: the person types `message` in the chat instead (approvals only: eve matches a chat
 *   message against a question's options and free text, which answers it).
 * - `error`: the server refuses the kit's first send with HTTP 400; the widget offers Retry.
 */
export const storyStates = [
  "open",
  "submitting",
  "responded",
  "answered",
  "declined",
  "cancelled",
  "ignored",
  "error",
] as const;
export type StoryState = (typeof storyStates)[number];

export interface HitlStoryArgs {
  /** The request, or several (oldest first); `state` applies to the first. */
  request: StoryRequest | readonly StoryRequest[];
  /** @default "open" */
  state?: StoryState;
  /** The widget's answer value (the kind's response), for submitting, responded, answered and error. */
  answer?: unknown;
  /** The decline reason, for `declined` (and `submitting`/`error` without an `answer`). */
  reason?: string;
  /** What the person types in the chat, for `ignored`. @default "hello" */
  message?: string;
}

/** `parameters.hitl` of a story or meta: what args cannot carry. */
export interface HitlStoryParameters {
  /** @default storyRegistry */
  registry?: Registry;
  /** Remote collections the story's app serves (`HitlProvider`'s `collections`). */
  collections?: CollectionLoaders;
  /** Runs once the requests are parked and the state is prepared, before render. */
  setup?: (session: TestSession, refs: readonly TestRequestRef[]) => void | Promise<void>;
}

/** What a story's play function gets from `storyHitl(context)`. */
export interface HitlScenario {
  readonly session: TestSession;
  readonly transport: TestTransport;
  /** The page's client (its ledger): the provider renders with it. */
  readonly client: HitlClient;
  readonly registry: Registry;
  readonly collections: CollectionLoaders | undefined;
  /** The first request (the one `state` applies to). */
  readonly ref: TestRequestRef;
  /** Every request, oldest first. */
  readonly refs: readonly TestRequestRef[];
  readonly state: StoryState;
  /** Every answer the kit handed to the transport, in eve's wire form, including sends that failed. */
  readonly sent: readonly EveInputResponse[];
  /** The kit's record of a request (the first by default). */
  request(ref?: TestRequestRef): ParkedRequest | undefined;
  /** Resolves once the first request reached `state` and React has rendered it. */
  readonly ready: Promise<void>;
  /** @internal what the harness makes the kit do once mounted */
  readonly action: PendingAction | undefined;
  /** @internal */
  readonly fail: (error: Error) => void;
}

type PendingAction =
  | { readonly type: "submit"; readonly value: unknown }
  | { readonly type: "decline"; readonly reason?: string };

const STATE_TIMEOUT_MS = 5000;
/** A server that takes an hour to process an answer: the request stays `responded`. */
const NEVER_MS = 60 * 60_000;

function pendingActionFor(args: HitlStoryArgs, state: StoryState): PendingAction | undefined {
  const decline: PendingAction = { type: "decline", ...(args.reason !== undefined ? { reason: args.reason } : {}) };
  switch (state) {
    case "open":
    case "cancelled":
    case "ignored":
      return undefined;
    case "declined":
      return decline;
    case "answered":
      if (args.answer === undefined) throw new Error('hitl story: state "answered" needs an `answer` arg');
      return { type: "submit", value: args.answer };
    case "submitting":
    case "responded":
    case "error":
      return args.answer === undefined ? decline : { type: "submit", value: args.answer };
    default:
      return state satisfies never;
  }
}

/** Whether the kit's record of the request shows `state` yet. */
function reached(request: ParkedRequest | undefined, state: StoryState): boolean {
  if (request === undefined) return false;
  switch (state) {
    case "open":
      return request.state === "open";
    case "submitting":
      return request.state === "submitting";
    case "responded":
      return request.state === "responded";
    case "error":
      return request.state === "open" && request.error !== undefined;
    case "answered":
    case "declined":
    case "cancelled":
    case "ignored":
      return request.state === "settled";
    default:
      return state satisfies never;
  }
}

/** Builds the session, parks the requests and prepares the state. Used by `hitlLoader`. */
export async function createScenario(args: HitlStoryArgs, parameters: HitlStoryParameters = {}): Promise<HitlScenario> {
  const state = args.state ?? "open";
  const action = pendingActionFor(args, state);
  const session = createTestSession(state === "responded" ? { latencyMs: NEVER_MS } : {});
  const requests: readonly StoryRequest[] = Array.isArray(args.request) ? args.request : [args.request];
  const refs = requests.map((request) =>
    request.type === "approval"
      ? session.requestApproval({
          toolName: request.toolName,
          input: request.input,
          ...(request.prompt !== undefined ? { prompt: request.prompt } : {}),
        })
      : session.ask({
          toolName: request.toolName,
          prompt: request.prompt,
          input: { prompt: request.prompt, ...(request.ui !== undefined ? { ui: request.ui } : {}) },
          ...(request.options !== undefined ? { options: request.options } : {}),
          ...(request.allowFreeform !== undefined ? { allowFreeform: request.allowFreeform } : {}),
        }),
  );
  const ref = refs[0];
  if (ref === undefined) throw new Error("hitl story: the `request` arg is empty");

  // What the server side does before the page shows the request.
  if (state === "cancelled") session.withdraw(ref.requestId);
  if (state === "ignored") {
    await session.sendMessage(args.message ?? "hello");
    await session.whenIdle();
  }
  if (state === "error") session.failNextRespond({ status: 400 });
  await parameters.setup?.(session, refs);

  const sent: EveInputResponse[] = [];
  const connected = createTestTransport(session, { onWire: (response) => sent.push(response) });
  const transport: TestTransport = {
    ...connected,
    send(answer) {
      if (state !== "submitting") return connected.send(answer);
      // `submitting`: the request never comes back from the network (its wire form is recorded).
      sent.push(toEveInputResponse(answer, { kind: answer.kind, native: answer.request.native === true }));
      return new Promise<never>(() => {});
    },
  };
  const registry = parameters.registry ?? storyRegistry;
  // The page's client, built here so the loader can wait on its ledger before the story renders.
  const client = createHitlClient({ transport, kinds: registry, journal: noopJournal });
  const requestOf = (r: TestRequestRef = ref) => client.getRequest(r.requestId);

  let fail: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    fail = reject;
    const check = () => {
      if (!reached(requestOf(), state)) return false;
      unsubscribe();
      clearTimeout(timer);
      // One macrotask more, so React has committed what the store now says.
      setTimeout(resolve, 0);
      return true;
    };
    const unsubscribe = client.store.subscribe(() => {
      check();
    });
    const timer = setTimeout(() => {
      unsubscribe();
      const request = requestOf();
      const now = request ? `${request.state}${request.error ? ` (error: ${request.error.message})` : ""}` : "unknown";
      reject(new Error(`hitl story: the request never reached "${state}"; it is ${now}`));
    }, STATE_TIMEOUT_MS);
    check();
  });
  // Rejections surface where the story awaits `ready`; do not report them twice.
  ready.catch(() => {});

  return {
    session,
    transport,
    client,
    registry,
    collections: parameters.collections,
    ref,
    refs,
    state,
    sent,
    request: requestOf,
    ready,
    action,
    fail: (error) => fail(error),
  };
}

// ─── wiring into Storybook ───────────────────────────────────────────────────────────────────────

/** The `loaders` entry: `context.loaded.hitl` is the story's scenario. */
export const hitlLoader: Loader<HitlStoryArgs> = async (context) => ({
  hitl: await createScenario(context.args, context.parameters.hitl as HitlStoryParameters | undefined),
});

/** The story's scenario, without waiting for its state. */
export function scenarioOf(context: Pick<StoryContext, "loaded">): HitlScenario {
  const scenario: unknown = context.loaded.hitl;
  if (!isScenario(scenario)) {
    throw new Error("hitl story: no scenario in context.loaded; add `...hitlMeta` (or `loaders: [hitlLoader]`)");
  }
  return scenario;
}

function isScenario(value: unknown): value is HitlScenario {
  return typeof value === "object" && value !== null && "session" in value && "ready" in value;
}

/**
 * For play functions: the story's scenario once its request shows the story's state.
 * @example const { session, ref } = await storyHitl(context);
 */
export async function storyHitl(context: Pick<StoryContext, "loaded">): Promise<HitlScenario> {
  const scenario = scenarioOf(context);
  await scenario.ready;
  return scenario;
}

/** Makes the kit submit or decline the first request once, through `useParkedInput`. */
function PendingActionRunner({ scenario }: { scenario: HitlScenario }) {
  const input = useParkedInput(scenario.ref.requestId);
  const started = useRef(false);
  const { action } = scenario;
  const known = input.request !== undefined;
  useEffect(() => {
    if (!action || started.current || !known) return;
    started.current = true;
    const result = action.type === "submit" ? input.submit(action.value) : input.decline(action.reason);
    if (!result.ok)
      scenario.fail(new Error(`hitl story: the kit refused the story's answer:\n${formatIssues(result.issues)}`));
  });
  return null;
}

export interface HitlStoryProps {
  scenario: HitlScenario;
  /** What to render inside the provider. @default a HitlRenderer showing every request */
  children?: ReactNode;
}

/** The kit wired to the story's session: provider, then `children` or a renderer. */
export function HitlStory({ scenario, children }: HitlStoryProps) {
  return (
    <HitlProvider
      key={scenario.session.sessionId}
      transport={scenario.transport}
      client={scenario.client}
      registry={scenario.registry}
      journal={noopJournal}
      {...(scenario.collections ? { collections: scenario.collections } : {})}
    >
      {children ?? <StoryRenderer />}
      {/* `useParkedInput` suspends while a lazy widget's kind loads: keep that off the story. */}
      <Suspense fallback={null}>
        <PendingActionRunner scenario={scenario} />
      </Suspense>
    </HitlProvider>
  );
}

/** A HitlRenderer with the catalog's fallback that keeps every receipt. */
export function StoryRenderer(props: Partial<HitlRendererProps>) {
  return <HitlRenderer fallback={StoryFallback} settled="all" {...props} />;
}

/**
 * Asserts the kit's contract for one request: exactly one answer reached the server, it settled
 * the request, eve made no stray chat message of it, and the tool call got exactly one result.
 * Waits for the answer to arrive and settle. Returns the answer as eve received it.
 */
export async function expectOneAnswer(
  scenario: HitlScenario,
  ref: TestRequestRef = scenario.ref,
): Promise<EveInputResponse> {
  const { session } = scenario;
  await waitFor(() => expect(scenario.request(ref)?.state).toBe("settled"));
  await session.whenIdle();
  const answers = session.answers(ref.requestId);
  await expect(answers.map((answer) => answer.handling)).toEqual(["settled"]);
  await expect(session.strayMessages).toEqual([]);
  await expect(session.toolResults(ref.callId)).toHaveLength(1);
  return answers[0]!.response;
}

/**
 * After every story: no request got a second answer, no answer became a stray chat message,
 * no tool call got two results. Runs in the Storybook UI and in `npm run test:stories`.
 */
export async function expectNoDuplicates(context: Pick<StoryContext, "loaded">) {
  const scenario = context.loaded.hitl;
  if (!isScenario(scenario)) return;
  const { session } = scenario;
  for (const request of session.requests()) {
    const answers = session.answers(request.requestId);
    await expect(
      answers.filter((answer) => answer.handling !== "settled"),
      `stray answers to ${request.requestId}`,
    ).toEqual([]);
    await expect(answers.length, `answers to ${request.requestId}`).toBeLessThanOrEqual(1);
    await expect(session.toolResults(request.callId).length, `results of ${request.callId}`).toBeLessThanOrEqual(1);
  }
  await expect(session.strayMessages).toEqual([]);
}

/**
 * Spread into a stories file's meta: renders `args.request` in `args.state`, exposes the session
 * to play functions, waits for the state when a story has no play function of its own, and checks
 * after every story that nothing was answered twice.
 */
export const hitlMeta = {
  render: (_args, context) => <HitlStory scenario={scenarioOf(context)} />,
  loaders: [hitlLoader],
  play: async (context) => {
    await scenarioOf(context).ready;
  },
  afterEach: expectNoDuplicates,
  argTypes: {
    request: { control: "object" },
    state: { control: "select", options: storyStates },
    answer: { control: "object" },
    reason: { control: "text" },
    message: { control: "text" },
  },
} satisfies Meta<HitlStoryArgs>;
