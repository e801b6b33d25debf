/**
 * A tiny raw-HTTP client for eve's session API (no eve client code: these tests check the wire),
 * plus prompt-log readers for the playground's scripted model.
 */
import { readFileSync } from "node:fs";

export interface EveEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly meta: { readonly id: string; readonly at: string };
}

export interface LoggedPrompt {
  readonly at: string;
  readonly prompt: readonly PromptMessage[];
}
export interface PromptMessage {
  readonly role: string;
  readonly content: unknown;
}
export interface ToolResultPart {
  readonly type: "tool-result";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: { readonly type: string; readonly value?: unknown; readonly reason?: string };
}

/** `POST /eve/v1/session` with a first message; resolves to the session id. */
export async function createSession(baseUrl: string, message: string): Promise<string> {
  const response = await fetch(`${baseUrl}/eve/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  const body = (await response.json()) as { ok?: boolean; sessionId?: string };
  if (!response.ok || typeof body.sessionId !== "string") {
    throw new Error(`create session: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.sessionId;
}

/** `POST /eve/v1/session/:id` with `{ inputResponses }`; resolves to the HTTP status and body. */
export async function sendInputResponses(
  baseUrl: string,
  sessionId: string,
  inputResponses: ReadonlyArray<{ requestId: string; optionId?: string; text?: string }>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/eve/v1/session/${encodeURIComponent(sessionId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ inputResponses }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Follows a session's NDJSON stream (`GET …/stream?streamControlVersion=1`), reconnecting from the
 * next index when the server ends a lease, and deduping by `meta.id`.
 */
export class SessionStream {
  readonly events: EveEvent[] = [];
  private readonly seen = new Set<string>();
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private failure: unknown;

  constructor(
    private readonly baseUrl: string,
    readonly sessionId: string,
  ) {
    void this.follow();
  }

  private async follow(): Promise<void> {
    try {
      while (!this.controller.signal.aborted) {
        const url = `${this.baseUrl}/eve/v1/session/${encodeURIComponent(this.sessionId)}/stream?streamControlVersion=1&startIndex=${this.events.length}`;
        const response = await fetch(url, { signal: this.controller.signal });
        if (!response.ok || !response.body) throw new Error(`stream: HTTP ${response.status}`);
        const decoder = new TextDecoder();
        let buffer = "";
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let newline = buffer.indexOf("\n");
          while (newline >= 0) {
            this.accept(buffer.slice(0, newline));
            buffer = buffer.slice(newline + 1);
            newline = buffer.indexOf("\n");
          }
        }
        this.accept(buffer);
      }
    } catch (error) {
      if (!this.controller.signal.aborted) this.failure = error;
    } finally {
      this.notify();
    }
  }

  private accept(line: string): void {
    if (line.trim() === "") return;
    const record = JSON.parse(line) as Partial<EveEvent> & { $eve?: string };
    if (record.$eve !== undefined) return; // a transport control record (e.g. stream.lease-ended)
    if (!record.meta || this.seen.has(record.meta.id)) return;
    this.seen.add(record.meta.id);
    this.events.push(record as EveEvent);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** The first event at or after `from` matching `predicate`, with its index. */
  waitFor(
    predicate: (event: EveEvent) => boolean,
    { from = 0, timeoutMs = 20_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<{ event: EveEvent; index: number }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let index = from; index < this.events.length; index++) {
          const event = this.events[index];
          if (event && predicate(event)) {
            done();
            resolve({ event, index });
            return;
          }
        }
        if (this.failure !== undefined) {
          done();
          reject(this.failure);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `Timed out after ${timeoutMs} ms; events so far: ${this.events.map((event) => event.type).join(", ")}`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  close(): void {
    this.controller.abort();
  }
}

/** Every prompt the scripted model received, in order. */
export function readPromptLog(file: string): LoggedPrompt[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedPrompt);
}

/** The tool-result parts for `toolCallId` in one prompt. */
export function toolResultsFor(prompt: readonly PromptMessage[], toolCallId: string): ToolResultPart[] {
  return prompt.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as unknown[]).filter(
          (part): part is ToolResultPart =>
            typeof part === "object" &&
            part !== null &&
            (part as { type?: unknown }).type === "tool-result" &&
            (part as { toolCallId?: unknown }).toolCallId === toolCallId,
        )
      : [],
  );
}

/** Text of every user message in a prompt (to spot eve's "earlier interactive prompt" re-injection). */
export function userTexts(prompt: readonly PromptMessage[]): string[] {
  return prompt
    .filter((message) => message.role === "user")
    .flatMap((message) =>
      typeof message.content === "string"
        ? [message.content]
        : Array.isArray(message.content)
          ? (message.content as Array<{ type?: string; text?: string }>).flatMap((part) =>
              part.type === "text" && typeof part.text === "string" ? [part.text] : [],
            )
          : [],
    );
}
