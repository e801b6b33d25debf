import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire, register } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactElement, useRef, useState } from "react";
import { parseRequest, type WidgetStatus } from "../../src/core";
import type { WidgetEntry } from "../../src/index";
import type { AnyKind, ResponseOf } from "../../src/kinds";
import { mediaKind } from "../../src/kinds/media";
import { widget } from "../../src/react/registry";
import { MediaPicker } from "../../src/widgets/index";

/**
 * The README's CopilotKit recipe (`useInterrupt` of `@copilotkit/react-core/v2`, 1.74) on the REAL
 * CopilotKit provider and `HttpAgent`, talking over HTTP to a local AG-UI endpoint whose run ends
 * with an interrupt carrying the kit's hint (`metadata["dev.hitl-kit/ui"]`). What counts is what
 * the endpoint RECEIVED: the one run that resumed it, with exactly one resume entry.
 *
 * CopilotKit is not one of the kit's dependencies (it brings ~950 packages): the test runs when
 * `@copilotkit/react-core` resolves — from the project, or from the folder named by
 * `HITL_COPILOTKIT_DIR` (an `npm install @copilotkit/react-core@1.74.0` somewhere, its `react` and
 * `react-dom` linked to this project's, so both share one React) — and is skipped otherwise.
 */

/** The parts of `@copilotkit/react-core/v2` the recipe and the test use. */
interface InterruptLike {
  readonly id: string;
  readonly message?: string;
  readonly metadata?: Record<string, unknown>;
}
interface InterruptRenderProps {
  readonly interrupt: InterruptLike | null;
  readonly resolve: (payload?: unknown, interruptId?: string) => Promise<unknown>;
  readonly cancel: (interruptId?: string) => Promise<unknown>;
}
interface CopilotKitV2 {
  useInterrupt(config: {
    renderInChat: false;
    enabled?: (event: { value: unknown }) => boolean;
    render: (props: InterruptRenderProps) => ReactElement;
  }): ReactElement | null;
  CopilotKitProvider(props: { agents__unsafe_dev_only: Record<string, unknown>; children: ReactElement }): ReactElement;
  useCopilotKit(): { copilotkit: { runAgent(params: { agent: unknown }): Promise<unknown> } };
  useAgent(): { agent: unknown };
  HttpAgent: new (config: { url: string; threadId?: string }) => unknown;
}

/** CopilotKit's v2 entry imports its stylesheet; Node (and jsdom) have no use for it. */
function ignoreStylesheets(): void {
  const hook = `export async function load(url, context, next) {
    return url.endsWith(".css") ? { format: "module", source: "", shortCircuit: true } : next(url, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

/** CopilotKit's v2 entry, from `HITL_COPILOTKIT_DIR` or the project; `undefined` when neither has it. */
async function loadCopilotKit(): Promise<CopilotKitV2 | undefined> {
  const dir = process.env.HITL_COPILOTKIT_DIR;
  let entry: string;
  try {
    const from = dir ? createRequire(join(dir, "package.json")) : createRequire(import.meta.url);
    const root = dirname(from.resolve("@copilotkit/react-core/package.json"));
    entry = pathToFileURL(join(root, "dist/v2/index.mjs")).href;
  } catch {
    return undefined;
  }
  ignoreStylesheets();
  return (await import(/* @vite-ignore */ entry)) as CopilotKitV2;
}

const copilotkit = await loadCopilotKit();

// ─── The recipe (README, "CopilotKit"): the same code, with `useInterrupt` passed in ────────────

/** The kit's hint on an AG-UI interrupt: the kind's request under `metadata["dev.hitl-kit/ui"]`. */
function hintOf(interrupt: unknown): unknown {
  if (typeof interrupt !== "object" || interrupt === null || !("metadata" in interrupt)) return undefined;
  const metadata = interrupt.metadata;
  return typeof metadata === "object" && metadata !== null
    ? (metadata as Record<string, unknown>)["dev.hitl-kit/ui"]
    : undefined;
}

function createUseHitlInterrupt(useInterrupt: CopilotKitV2["useInterrupt"]) {
  /** Renders an interrupt that carries the kit's hint of this entry's kind as its widget. */
  return function useHitlInterrupt<D extends AnyKind>(entry: WidgetEntry<D>): ReactElement | null {
    return useInterrupt({
      renderInChat: false, // the default (true) renders it inside <CopilotChat>
      enabled: ({ value }) => parseRequest(entry.kind, hintOf(value)).ok,
      render: ({ interrupt, resolve, cancel }) => (
        <InterruptWidget key={interrupt?.id} entry={entry} interrupt={interrupt} resolve={resolve} cancel={cancel} />
      ),
    });
  };
}

type Answered<D extends AnyKind> =
  | { readonly status: "open" }
  | { readonly status: "answered"; readonly answer: ResponseOf<D> }
  | { readonly status: "declined"; readonly reason?: string };

function InterruptWidget<D extends AnyKind>({
  entry,
  interrupt,
  resolve,
  cancel,
}: InterruptRenderProps & { readonly entry: WidgetEntry<D> }) {
  // One answer per interrupt, however many clicks (CopilotKit keeps one resolution per interrupt
  // too): the first is the answer, and the widget shows it until the resumed run takes over.
  const sent = useRef(false);
  const [state, setState] = useState<Answered<D>>({ status: "open" });
  const request = parseRequest(entry.kind, hintOf(interrupt));
  if (!interrupt || !request.ok) return null;
  const Widget = entry.component;
  return (
    <Widget
      payload={request.value}
      prompt={interrupt.message ?? ""}
      status={state.status satisfies WidgetStatus}
      {...(state.status === "answered" ? { answer: state.answer } : {})}
      {...(state.status === "declined" && state.reason ? { declineReason: state.reason } : {})}
      onSubmit={(value) => {
        if (!sent.current) {
          sent.current = true;
          setState({ status: "answered", answer: value });
          // The resume entry: { interruptId, status: "resolved", payload: the kind's value }.
          void resolve(value, interrupt.id);
        }
        return { ok: true };
      }}
      onDecline={(reason) => {
        if (sent.current) return;
        sent.current = true;
        setState(reason ? { status: "declined", reason } : { status: "declined" });
        // The resume entry: { interruptId, status: "cancelled" }.
        void cancel(interrupt.id);
      }}
    />
  );
}

// ─── A local AG-UI endpoint ─────────────────────────────────────────────────────────────────────

const MEDIA_UI = {
  kind: "media",
  items: [
    { id: "alpine-lake", url: "https://example.test/alpine.jpg", alt: "alpine lake" },
    { id: "sand-dunes", url: "https://example.test/dunes.jpg", alt: "sand dunes" },
  ],
  min: 1,
  max: 1,
};

interface Endpoint {
  readonly url: string;
  /** Every `RunAgentInput` received, in order. */
  readonly runs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** The first run ends on one interrupt (`interrupt`); a run that resumes it answers "ok". */
async function startEndpoint(interrupt: Record<string, unknown>): Promise<Endpoint> {
  const runs: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const input = JSON.parse(await readBody(req)) as Record<string, unknown>;
      runs.push(input);
      const { threadId, runId } = input as { threadId: string; runId: string };
      const resuming = Array.isArray(input.resume) && input.resume.length > 0;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const send = (event: Record<string, unknown>) => res.write(`data: ${JSON.stringify(event)}\n\n`);
      send({ type: "RUN_STARTED", threadId, runId });
      if (resuming) {
        send({ type: "TEXT_MESSAGE_START", messageId: `m-${runId}`, role: "assistant" });
        send({ type: "TEXT_MESSAGE_CONTENT", messageId: `m-${runId}`, delta: "ok" });
        send({ type: "TEXT_MESSAGE_END", messageId: `m-${runId}` });
        send({ type: "RUN_FINISHED", threadId, runId, outcome: { type: "success" } });
      } else {
        send({ type: "RUN_FINISHED", threadId, runId, outcome: { type: "interrupt", interrupts: [interrupt] } });
      }
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    runs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

// ─── The tests ──────────────────────────────────────────────────────────────────────────────────

const MEDIA_INTERRUPT = {
  id: "interrupt-media-1",
  reason: "hitl-kit:media",
  message: "Pick a photo for the banner",
  metadata: { "dev.hitl-kit/ui": MEDIA_UI },
};

describe.skipIf(copilotkit === undefined)(
  "the CopilotKit useInterrupt recipe (real CopilotKit v2, real HttpAgent)",
  () => {
    // Collected even when skipped: nothing here may touch CopilotKit before a test runs.
    const ck = (copilotkit ?? {}) as CopilotKitV2;
    const useHitlInterrupt = createUseHitlInterrupt((config) => ck.useInterrupt(config));
    const media = widget(mediaKind, MediaPicker);
    let endpoint: Endpoint | undefined;

    afterEach(async () => {
      cleanup();
      await endpoint?.close();
      endpoint = undefined;
    });

    /** A page with the recipe; `start` runs the agent as a chat's send would (`copilotkit.runAgent`). */
    function Page({
      onStart,
      content,
    }: {
      onStart: (start: () => Promise<unknown>) => void;
      content: () => ReactElement;
    }) {
      const { copilotkit } = ck.useCopilotKit();
      const { agent } = ck.useAgent();
      onStart(() => copilotkit.runAgent({ agent }));
      return content();
    }

    function Recipe() {
      const element = useHitlInterrupt(media);
      return <section aria-label="Interrupts">{element}</section>;
    }

    /** Waits (inside `act`) until the endpoint got `runs` runs and the page had time to take the last one in. */
    async function settle(target: Endpoint, runs: number, maxMs = 3_000): Promise<void> {
      const started = Date.now();
      while (target.runs.length < runs && Date.now() - started < maxMs) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }

    async function open(
      interrupt: Record<string, unknown>,
      content: () => ReactElement = () => <Recipe />,
    ): Promise<Endpoint> {
      const started = await startEndpoint(interrupt);
      endpoint = started;
      const agent = new ck.HttpAgent({ url: started.url, threadId: "thread-1" });
      let start: (() => Promise<unknown>) | undefined;
      render(
        <ck.CopilotKitProvider agents__unsafe_dev_only={{ default: agent }}>
          <Page
            content={content}
            onStart={(next) => {
              start = next;
            }}
          />
        </ck.CopilotKitProvider>,
      );
      await waitFor(() => expect(start).toBeDefined());
      await act(async () => {
        await start?.();
      });
      return started;
    }

    it("given a media interrupt, should render the kit's picker and resume once with the kind's value on a double click", async () => {
      const endpoint = await open(MEDIA_INTERRUPT);
      fireEvent.click(await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 }));
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Submit" }));
        fireEvent.click(screen.getByRole("button", { name: "Submit" }));
        await settle(endpoint, 2);
      });
      expect(endpoint.runs).toHaveLength(2);
      expect(endpoint.runs[1]?.resume).toEqual([
        { interruptId: "interrupt-media-1", status: "resolved", payload: { selected: ["alpine-lake"] } },
      ]);
    });

    it("given the picker declined with a reason, should resume once with the interrupt cancelled", async () => {
      const endpoint = await open(MEDIA_INTERRUPT);
      fireEvent.click(await screen.findByRole("button", { name: "Decline" }, { timeout: 5000 }));
      fireEvent.change(screen.getByLabelText("Reason (optional)"), { target: { value: "none fit" } });
      await act(async () => {
        fireEvent.click(screen.getByRole("button", { name: "Send decline" }));
        fireEvent.click(screen.getByRole("button", { name: "Send decline" }));
        await settle(endpoint, 2);
      });
      expect(endpoint.runs).toHaveLength(2);
      expect(endpoint.runs[1]?.resume).toEqual([{ interruptId: "interrupt-media-1", status: "cancelled" }]);
    });

    it("given an interrupt without the kit's hint, should leave it alone (nothing rendered, nothing sent)", async () => {
      const endpoint = await open({ id: "interrupt-other", reason: "review", message: "Approve the plan?" });
      expect(screen.getByRole("region", { name: "Interrupts" })).toBeEmptyDOMElement();
      await act(async () => settle(endpoint, 2, 300));
      expect(endpoint.runs).toHaveLength(1);
    });

    it("given a bare resolve on every click (no guard), should still resume once: CopilotKit keeps one resolution per interrupt", async () => {
      function Bare() {
        const element = ck.useInterrupt({
          renderInChat: false,
          render: ({ interrupt, resolve }) => (
            <button type="button" onClick={() => void resolve({ selected: ["alpine-lake"] }, interrupt?.id)}>
              Bare submit
            </button>
          ),
        });
        return <section aria-label="Bare">{element}</section>;
      }
      const started = await open(MEDIA_INTERRUPT, () => <Bare />);
      const button = await screen.findByRole("button", { name: "Bare submit" });
      await act(async () => {
        fireEvent.click(button);
        fireEvent.click(button);
        await settle(started, 3, 500);
      });
      expect(started.runs).toHaveLength(2);
      expect(started.runs[1]?.resume).toEqual([
        { interruptId: "interrupt-media-1", status: "resolved", payload: { selected: ["alpine-lake"] } },
      ]);
    });
  },
);
