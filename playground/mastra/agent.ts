/**
 * The playground's Mastra agent: a real `@mastra/core` agent served the way Mastra documents it
 * (`MastraServer` from `@mastra/hono` on Hono, Node's HTTP server on 127.0.0.1, routes under
 * `/api`), with a scripted, network-free model (the AI SDK's `MockLanguageModelV3`, which
 * `@mastra/core` takes as is), Memory and in-process storage. Its tools ask a person in both of
 * Mastra's ways:
 *
 *  - a picker per kind: the tool `suspend`s with `interruptFor(kind, …)` and reads the resume
 *    data with `readResume` (`hitl-kit/server`);
 *  - `delete_file`: `requireApproval`, so the run waits for approve / decline;
 *  - `ask_city`: a plain Mastra suspension with a `resumeSchema` (the page shows it as a form).
 *
 * The model reads the last user message (see `MASTRA_PHRASES`) and calls tools; once a step's
 * tools have results it answers in text. Every call id is new. The server records what it
 * RECEIVED — each approve / decline / resume POST, before Mastra sees it — and what the tools
 * did: `GET /__hitl/record`, for the end-to-end tests.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MastraServer } from "@mastra/hono";
import { Memory } from "@mastra/memory";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import {
  type AnyKind,
  aspectRatioKind,
  formKind,
  mediaKind,
  multiSelectKind,
  questionsKind,
  templateKind,
} from "hitl-kit/kinds";
import { interruptFor, pickerOutputSchema, readResume } from "hitl-kit/server";
import { Hono } from "hono";
import { z } from "zod";
import {
  aspectRatioPayload,
  formPayload,
  mediaPayload,
  questionsPayload,
  tagsPayload,
  templatePayload,
} from "../agent/agent/lib/payloads";
import { MASTRA_PHRASES } from "./phrases";

/** A tool call the scripted model makes. */
export interface ScriptedCall {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
}

/** Trigger → the tool calls of the model's first step (`next`: of its second, after their results). */
export interface MastraTrigger {
  match(text: string): { calls: ScriptedCall[]; next?: ScriptedCall[] } | undefined;
}

const picker = (toolName: string, payload: { prompt: string; ui: unknown }): ScriptedCall => ({
  toolName,
  input: { prompt: payload.prompt, ui: payload.ui },
});
const exact = (phrase: string, calls: () => ScriptedCall[], next?: () => ScriptedCall[]): MastraTrigger => ({
  match: (text) => (text === phrase ? { calls: calls(), ...(next ? { next: next() } : {}) } : undefined),
});

const deleteCall = (path = "notes/old-draft.md"): ScriptedCall => ({ toolName: "delete_file", input: { path } });
const cityCall = (topic = "the weekend trip"): ScriptedCall => ({ toolName: "ask_city", input: { topic } });

const TRIGGERS: readonly MastraTrigger[] = [
  exact("pick media", () => [picker("pick_media", mediaPayload())]),
  exact("pick template", () => [picker("pick_template", templatePayload())]),
  exact("pick aspect ratio", () => [picker("pick_aspect_ratio", aspectRatioPayload())]),
  exact("pick tags", () => [picker("pick_tags", tagsPayload())]),
  exact("fill form", () => [picker("fill_form", formPayload())]),
  exact("ask questions", () => [picker("ask_questions", questionsPayload())]),
  exact("delete file", () => [deleteCall()]),
  exact("ask city", () => [cityCall()]),
  exact(
    "delete then ask",
    () => [deleteCall()],
    () => [cityCall()],
  ),
  // For tests: "delete <path>", "city <topic>", "both <path>" (a delete, then a city question).
  { match: (text) => (text.startsWith("delete ") ? { calls: [deleteCall(text.slice(7))] } : undefined) },
  { match: (text) => (text.startsWith("city ") ? { calls: [cityCall(text.slice(5))] } : undefined) },
  {
    match: (text) =>
      text.startsWith("both ") ? { calls: [deleteCall(text.slice(5))], next: [cityCall()] } : undefined,
  },
];

export const MASTRA_HELP = `I am the Mastra playground's scripted model (no network, no API key). Say one of: ${MASTRA_PHRASES.map(
  (phrase) => `"${phrase}"`,
).join(", ")}.`;

// ─── the scripted model ──────────────────────────────────────────────────────────────────────────

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

interface PromptMessage {
  readonly role: string;
  readonly content: unknown;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (part?.type === "text" ? String(part.text) : "")).join("");
}

/**
 * Decides from the prompt: after the user's message, the trigger's first step; after tool results
 * of a first step, its `next` step (once); else a reply quoting the results (or the help text).
 */
function scriptedModel(triggers: readonly MastraTrigger[]) {
  let ids = 0;
  return new MockLanguageModelV3({
    provider: "hitl-playground",
    modelId: "scripted",
    doStream: async ({ prompt }) => {
      const messages = prompt as readonly PromptMessage[];
      const lastUser = messages.findLastIndex((m) => m.role === "user");
      const text = textOf(messages[lastUser]?.content).trim();
      const trigger = triggers.map((t) => t.match(text)).find((step) => step !== undefined);
      const sinceUser = messages.slice(lastUser + 1);
      const steps = sinceUser.filter((m) => m.role === "assistant").length;
      const step = steps === 0 ? trigger?.calls : steps === 1 ? trigger?.next : undefined;
      const parts: unknown[] = [{ type: "stream-start", warnings: [] }];
      if (step && step.length > 0) {
        for (const call of step) {
          const toolCallId = `call_${++ids}`;
          parts.push({ type: "tool-call", toolCallId, toolName: call.toolName, input: JSON.stringify(call.input) });
        }
        parts.push({ type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage });
      } else {
        const results = sinceUser.filter((m) => m.role === "tool").map((m) => JSON.stringify(m.content));
        const reply = results.length > 0 ? `Done. The tools said: ${results.join("; ")}` : MASTRA_HELP;
        parts.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: reply });
        parts.push({ type: "text-end", id: "t" });
        parts.push({ type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage });
      }
      return { stream: convertArrayToReadableStream(parts as never[]) };
    },
  });
}

// ─── the tools ───────────────────────────────────────────────────────────────────────────────────

/** What the server and its tools did, for the tests. */
export interface MastraRecord {
  /** Every approve / decline / resume POST body the server received, in order. */
  readonly answers: { route: "approve" | "decline" | "resume"; body: Record<string, unknown> }[];
  /** How often each tool's `execute` ran, by `<tool>:<callId>` (a suspension runs again on resume). */
  readonly executions: Map<string, number>;
  /** Each call that produced its result, by call id (a picker answered, a file deleted). */
  readonly results: Map<string, number>;
  /** What each picker read back (`readResume`), by call id. */
  readonly picked: Map<string, unknown>;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** A tool that asks through the kind's widget: suspends with the kit's hint, reads the resume data typed. */
export function mastraPickerTool(id: string, kind: AnyKind, record: MastraRecord) {
  return createTool({
    id,
    description: `Asks the person through the ${kind.kind} widget`,
    inputSchema: z.object({ prompt: z.string().optional(), ui: z.record(z.string(), z.unknown()) }),
    resumeSchema: pickerOutputSchema(kind),
    execute: async ({ prompt, ui }, context) => {
      const agent = context.agent;
      const callId = agent?.toolCallId ?? "";
      count(record.executions, `${id}:${callId}`);
      // Built from the input alone: Mastra runs the tool again from its start when it resumes.
      const question = interruptFor(kind, ui as never, { prompt: prompt ?? "" });
      if (agent?.resumeData === undefined) return await agent?.suspend(question);
      const answer = readResume(kind, question, agent.resumeData);
      record.picked.set(callId, answer);
      count(record.results, callId);
      return answer;
    },
  });
}

function tools(record: MastraRecord) {
  return {
    pick_media: mastraPickerTool("pick_media", mediaKind, record),
    pick_template: mastraPickerTool("pick_template", templateKind, record),
    pick_aspect_ratio: mastraPickerTool("pick_aspect_ratio", aspectRatioKind, record),
    pick_tags: mastraPickerTool("pick_tags", multiSelectKind, record),
    fill_form: mastraPickerTool("fill_form", formKind, record),
    ask_questions: mastraPickerTool("ask_questions", questionsKind, record),
    delete_file: createTool({
      id: "delete_file",
      description: "Deletes a file (a person approves first)",
      inputSchema: z.object({ path: z.string() }),
      requireApproval: true,
      execute: async ({ path }, context) => {
        const callId = context.agent?.toolCallId ?? "";
        count(record.executions, `delete_file:${callId}`);
        count(record.results, callId);
        return { deleted: path };
      },
    }),
    ask_city: createTool({
      id: "ask_city",
      description: "Asks the person for a city (a plain Mastra suspension)",
      inputSchema: z.object({ topic: z.string() }),
      suspendSchema: z.object({ prompt: z.string() }),
      resumeSchema: z.object({
        city: z.string().min(1).describe("City"),
        nights: z.number().int().min(1).max(30).optional().describe("Nights"),
      }),
      execute: async ({ topic }, context) => {
        const callId = context.agent?.toolCallId ?? "";
        count(record.executions, `ask_city:${callId}`);
        const resume = context.agent?.resumeData as { city?: string; nights?: number } | undefined;
        if (resume?.city === undefined) return await context.agent?.suspend({ prompt: `Which city for ${topic}?` });
        count(record.results, callId);
        return { city: resume.city, nights: resume.nights ?? 1 };
      },
    }),
  };
}

// ─── the server ──────────────────────────────────────────────────────────────────────────────────

export interface StartMastraOptions {
  /** 0 (the default): any free port. */
  readonly port?: number;
  /** More tools, and the triggers that call them (tests). */
  readonly tools?: (record: MastraRecord) => Record<string, ReturnType<typeof createTool>>;
  readonly triggers?: readonly MastraTrigger[];
  /** More routes on the server (`@mastra/ai-sdk`'s `chatRoute`, for tests of Mastra's AI SDK stream). */
  readonly apiRoutes?: readonly unknown[];
}

export interface MastraPlaygroundServer {
  readonly url: string;
  readonly port: number;
  readonly mastra: Mastra;
  readonly record: MastraRecord;
  /** HTTP requests still being answered (a stream counts until its last byte). */
  inFlight(): number;
  stop(): Promise<void>;
}

/** The agent's id on the server (`/api/agents/hitl-agent/…`, `client.getAgent("hitl-agent")`). */
export const MASTRA_AGENT_ID = "hitl-agent";

export async function startMastraServer(options: StartMastraOptions = {}): Promise<MastraPlaygroundServer> {
  process.env.MASTRA_TELEMETRY_DISABLED = "true";
  const record: MastraRecord = { answers: [], executions: new Map(), results: new Map(), picked: new Map() };
  const agent = new Agent({
    id: MASTRA_AGENT_ID,
    name: "HITL agent",
    instructions: "Ask the person.",
    // Mastra types models against its own copy of the AI SDK provider spec; the mock is that spec (v3).
    model: scriptedModel([...(options.triggers ?? []), ...TRIGGERS]) as never,
    tools: { ...tools(record), ...options.tools?.(record) },
    // Memory keeps the thread's messages, and the server lists a thread's suspended runs only for
    // an agent that can check who owns the thread.
    memory: new Memory(),
  });
  const mastra = new Mastra({
    agents: { hitlAgent: agent },
    storage: new InMemoryStore(),
    logger: false,
    ...(options.apiRoutes ? { server: { apiRoutes: [...options.apiRoutes] as never } } : {}),
  });

  let inFlight = 0;
  const app = new Hono();
  app.get("/__hitl/record", (c) =>
    c.json({
      answers: record.answers,
      executions: Object.fromEntries(record.executions),
      results: Object.fromEntries(record.results),
      picked: Object.fromEntries(record.picked),
    }),
  );
  app.use("*", async (c, next) => {
    inFlight += 1;
    const route = /\/(approve-tool-call|decline-tool-call|resume-stream)$/.exec(c.req.path)?.[1];
    if (route && c.req.method === "POST") {
      const body = (await c.req.raw.clone().json()) as Record<string, unknown>;
      const name = route === "resume-stream" ? "resume" : route === "approve-tool-call" ? "approve" : "decline";
      record.answers.push({ route: name, body });
    }
    let done = false;
    const finish = () => {
      if (!done) inFlight -= 1;
      done = true;
    };
    try {
      await next();
    } catch (error) {
      finish();
      throw error;
    }
    const body = c.res.body;
    if (body === null) return finish();
    // A streamed response is in flight until its last byte.
    c.res = new Response(body.pipeThrough(new TransformStream({ flush: finish })), c.res);
    c.req.raw.signal.addEventListener("abort", finish);
  });
  await new MastraServer({ app, mastra }).init();
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: options.port ?? 0 }, () => resolve(started));
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    mastra,
    record,
    inFlight: () => inFlight,
    stop: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
