"use client";
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  Fragment,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { selectRequests } from "../core/ledger";
import type { ParkedRequest } from "../core/model";
import type { RequestSnapshot } from "../core/observer";
import type { FallbackReason } from "../core/render";
import type { HitlTransport } from "../core/transport";
import { ApproveAll, approvalBatches } from "./approve-all";
import { useLabels } from "./labels";
import { HitlContext, type HitlContextValue, HitlProvider, useHitlContext, useOptionalHitlContext } from "./provider";
import type { Registry, WidgetEntry } from "./registry";
import { rendererLabels } from "./renderer-labels";
import { ReplyTextContext } from "./reply-text";
import { suspend, useServerOrHydrating } from "./suspend";
import { useRequestSnapshot } from "./use-parked-input";
import type { FallbackProps } from "./widget-props";

export { rendererLabels };

type RendererInput = RequestSnapshot<WidgetEntry>;

export interface HitlRendererProps {
  /**
   * Inline mode: render only the requests of this tool call (e.g. inside the message part that
   * shows the call), whatever their state, so the call shows its receipt once answered.
   */
  callId?: string;
  /**
   * Which answered or ended requests stay visible (as receipts): `session` — those that were
   * open while this page was; `all`; `none`. @default "session" (inline mode: "all")
   */
  settled?: "session" | "all" | "none";
  /** Announce each new request politely to screen readers. @default true */
  announce?: boolean;
  /** Move keyboard focus to a request when it appears. @default false */
  autoFocus?: boolean;
  /** The component shown for an unknown kind, an invalid payload or a widget that throws. */
  fallback: ComponentType<FallbackProps>;
  /** Without a `HitlProvider` above: the transport and registry to use. */
  transport?: HitlTransport;
  registry?: Registry;
  className?: string;
}

/**
 * Renders the open requests (oldest first: a server answers the oldest when a person types in the
 * chat instead) and recent receipts, each in its own error boundary.
 */
export function HitlRenderer(props: HitlRendererProps) {
  const context = useOptionalHitlContext();
  if (context && !props.transport && !props.registry) return <RendererBody {...props} />;
  const transport = props.transport ?? context?.transport;
  const registry = props.registry ?? context?.registry;
  if (!transport || !registry) {
    throw new Error("hitl-kit: HitlRenderer needs a HitlProvider above it, or `transport` and `registry` props");
  }
  return (
    <HitlProvider transport={transport} registry={registry}>
      <RendererBody {...props} />
    </HitlProvider>
  );
}

function RendererBody({ callId, settled, announce = true, autoFocus = false, fallback, className }: HitlRendererProps) {
  const { client } = useHitlContext();
  const labels = useLabels("renderer", rendererLabels);
  const { store } = client;
  const all = useSyncExternalStore(
    store.subscribe,
    () => selectRequests(store.getSnapshot()),
    () => selectRequests(store.getSnapshot()),
  );
  const keep = settled ?? (callId === undefined ? "session" : "all");

  // Requests this page saw before they settled: their receipts stay ("session" mode).
  const seenOpen = useRef(new Set<string>()).current;
  for (const request of all) if (request.state !== "settled") seenOpen.add(request.requestId);

  const visible = useMemo(
    () =>
      all.filter((request) => {
        if (callId !== undefined && request.callId !== callId && request.parentCallId !== callId) return false;
        if (request.state !== "settled") return true;
        return keep === "all" || (keep === "session" && seenOpen.has(request.requestId));
      }),
    [all, callId, keep, seenOpen],
  );
  const open = visible.filter((r) => r.state !== "settled");
  // "Approve all" sits before the first request of its batch.
  const batchAt = new Map([...approvalBatches(open).values()].map((ids) => [ids[0], ids]));

  const announcement = useArrivals(open, announce || autoFocus);
  const focusTarget = useRef<Map<string, HTMLElement>>(new Map()).current;
  useEffect(() => {
    if (autoFocus && announcement) focusTarget.get(announcement.requestId)?.focus();
  }, [autoFocus, announcement, focusTarget]);

  return (
    <section
      data-slot="renderer"
      className={["hitl-renderer", className].filter(Boolean).join(" ")}
      // Only the queue is a landmark: inline renderers sit in messages, one per tool call, and
      // a region per call would flood the landmark list with same-named regions.
      aria-label={callId === undefined ? labels.region : undefined}
    >
      {visible.map((request) => {
        const position = open.indexOf(request);
        const batch = batchAt.get(request.requestId);
        return (
          <Fragment key={request.requestId}>
            {batch && <ApproveAll requestIds={batch} />}
            <section
              data-slot="request"
              data-state={request.state}
              data-queue-position={position >= 0 ? position + 1 : undefined}
              className="hitl-request"
              tabIndex={-1}
              ref={(element) => {
                if (element) focusTarget.set(request.requestId, element);
                else focusTarget.delete(request.requestId);
              }}
              aria-label={open.length > 1 && position >= 0 ? labels.position(position + 1, open.length) : undefined}
            >
              <RequestBoundary requestId={request.requestId} fallback={fallback}>
                <Suspense fallback={<LoadingShell requestId={request.requestId} />}>
                  <RequestWidget requestId={request.requestId} fallback={fallback} />
                </Suspense>
              </RequestBoundary>
            </section>
          </Fragment>
        );
      })}
      {announce && (
        <div data-slot="announcer" className="hitl-visually-hidden" role="status" aria-live="polite">
          {announcement ? labels.announce(announcement.prompt) : ""}
        </div>
      )}
    </section>
  );
}

/** The newest request that appeared after mount (not those already open when the page loaded). */
function useArrivals(open: readonly ParkedRequest[], enabled: boolean): ParkedRequest | undefined {
  const known = useRef<Set<string> | null>(null);
  const [latest, setLatest] = useState<ParkedRequest | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    if (known.current === null) {
      known.current = new Set(open.map((r) => r.requestId));
      return;
    }
    const fresh = open.filter((r) => !known.current?.has(r.requestId));
    for (const r of fresh) known.current.add(r.requestId);
    const newest = fresh[fresh.length - 1];
    if (newest) setLatest(newest);
  }, [open, enabled]);
  return latest;
}

interface RequestWidgetProps {
  requestId: string;
  fallback: ComponentType<FallbackProps>;
}

/**
 * The renderer's view of a request. In the browser a loading widget renders the loading shell
 * instead of suspending: React holds back the reveal of a suspended boundary for up to 300 ms
 * after its fallback showed, so a first picker would wait that long for nothing. A server render
 * and hydration still suspend — that puts the widget's markup in the HTML and keeps it while the
 * client loads the widget.
 */
function useRendererInput(requestId: string): RendererInput {
  const input = useRequestSnapshot(requestId);
  if (useServerOrHydrating() && input.resolution?.type === "loading") suspend(input.resolution.loaded);
  return input;
}

/** One request: its kind's widget, or the fallback. Re-renders only when its own request changes. */
const RequestWidget = memo(function RequestWidget({ requestId, fallback: Fallback }: RequestWidgetProps) {
  const input = useRendererInput(requestId);
  const { request, resolution } = input;
  if (!request || !resolution) return null;
  const dismiss =
    request.dismissible === true && (input.status === "open" || input.status === "error") ? (
      <DismissButton onDismiss={input.dismiss} />
    ) : null;
  if (resolution.type === "loading") {
    return (
      <>
        {dismiss}
        <LoadingShell requestId={requestId} />
      </>
    );
  }
  if (resolution.type === "fallback") {
    return (
      <>
        {dismiss}
        <Fallback {...fallbackProps(input, request, resolution.reason, resolution.kind, resolution.issues)} />
      </>
    );
  }
  const Widget = resolution.entry.component;
  // Answered, but not with the kind's value (a chat reply): the receipt quotes the words.
  const replyText = input.status === "answered" && input.answer === undefined ? input.answerText : undefined;
  return (
    <ReplyTextContext.Provider value={replyText}>
      {dismiss}
      <Widget
        {...commonProps(input, request.prompt)}
        payload={resolution.payload}
        {...(input.answer !== undefined ? { answer: input.answer } : {})}
        onSubmit={input.submit}
      />
    </ReplyTextContext.Provider>
  );
});

/**
 * What a request shows while its widget loads (the first request of a lazy kind): the prompt, a
 * status that says so, and Decline — the request is answerable from the first frame. Once the
 * widget has loaded it takes this place, with whatever state the request reached meanwhile.
 * In the browser `RequestWidget` renders it; on a server render or while hydrating, the widget
 * suspends and this is the boundary's fallback (hence it reads the request by id itself).
 */
function LoadingShell({ requestId }: { requestId: string }) {
  const { request, decline } = useRequestSnapshot(requestId);
  if (!request) return null;
  return (
    <LoadingShellView
      kind={request.kind}
      prompt={request.prompt}
      onDecline={request.state === "open" ? () => decline() : undefined}
    />
  );
}

/**
 * The loading shell's markup, from what it shows: the prompt, a status that says it loads, and
 * Decline while `onDecline` is given. Also what the default fallback shows while it loads.
 */
export function LoadingShellView({
  kind,
  prompt,
  onDecline,
}: {
  kind: string;
  prompt: string;
  onDecline: (() => void) | undefined;
}) {
  const labels = useLabels("renderer", rendererLabels);
  return (
    <fieldset data-slot="widget" data-state="loading" data-kind={kind} className="hitl-widget" aria-busy="true">
      <legend data-slot="prompt" className="hitl-prompt">
        {prompt}
      </legend>
      <p data-slot="status" className="hitl-status" role="status">
        {labels.loading}
      </p>
      {onDecline && (
        <div data-slot="actions" className="hitl-actions">
          <button type="button" data-slot="decline" className="hitl-button" onClick={onDecline}>
            {labels.decline}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/**
 * Closes a dismissible request without deciding: a button, and Escape anywhere in the request
 * unless something inside (a popover, a combobox) already handled it.
 */
function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const labels = useLabels("renderer", rendererLabels);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const container = ref.current?.closest<HTMLElement>('[data-slot="request"]');
    if (!container) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onDismiss();
    };
    container.addEventListener("keydown", onKeyDown);
    return () => container.removeEventListener("keydown", onKeyDown);
  }, [onDismiss]);
  return (
    <button
      ref={ref}
      type="button"
      data-slot="dismiss"
      className="hitl-dismiss"
      aria-label={labels.dismiss}
      onClick={onDismiss}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

interface BoundaryProps {
  requestId: string;
  fallback: ComponentType<FallbackProps>;
  children: ReactNode;
}

/** A widget that throws is replaced by the fallback; the request stays answerable as text. */
class RequestBoundary extends Component<BoundaryProps, { error: Error | null }> {
  static override contextType = HitlContext;
  declare context: HitlContextValue | null;
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.context?.client.report({ type: "widget-crashed", requestId: this.props.requestId, error });
  }

  override render() {
    if (this.state.error) {
      return (
        <CrashedRequest requestId={this.props.requestId} error={this.state.error} fallback={this.props.fallback} />
      );
    }
    return this.props.children;
  }
}

function CrashedRequest({ requestId, error, fallback: Fallback }: RequestWidgetProps & { error: Error }) {
  const input = useRequestSnapshot(requestId, undefined, error);
  const { request, resolution } = input;
  if (!request || resolution?.type !== "fallback") return null;
  return <Fallback {...fallbackProps(input, request, resolution.reason, resolution.kind, resolution.issues)} />;
}

/** What every widget gets from its request's input: prompt, status, error, decline and retry. */
function commonProps(input: RendererInput, prompt: string) {
  return {
    prompt,
    status: input.status,
    ...(input.error !== undefined ? { error: input.error } : {}),
    ...(input.declineReason !== undefined ? { declineReason: input.declineReason } : {}),
    onDecline: (reason?: string) => {
      input.decline(reason);
    },
    onRetry: input.retry,
  };
}

/** The fallback's props for a request: why it fell back, its options and any recorded answer. */
function fallbackProps(
  input: RendererInput,
  request: ParkedRequest,
  reason: FallbackReason,
  kind: string,
  issues: FallbackProps["issues"],
): FallbackProps {
  return {
    ...commonProps(input, request.prompt),
    kind,
    reason,
    issues,
    ...(request.options ? { options: request.options } : {}),
    ...(input.answerText !== undefined ? { answerText: input.answerText } : {}),
    ...(input.answerValue !== undefined ? { answerValue: input.answerValue } : {}),
    onAnswer: input.answerRaw,
  };
}
