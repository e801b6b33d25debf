"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type ComponentType,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useLabels } from "../../react/labels";
import { HitlProvider } from "../../react/provider";
import type { Registry } from "../../react/registry";
import { HitlRenderer } from "../../react/renderer";
import type { FallbackProps } from "../../react/widget-props";
import type { InboxListEntry, InboxTransport } from "./transport";
import { type InboxGroup, type InboxView, inboxView } from "./view";

/** Strings of `<HitlInbox>` (namespace `inbox`). */
export const inboxLabels = {
  title: "Waiting for you",
  list: (open: number) => (open === 1 ? "1 request waiting" : `${open} requests waiting`),
  unread: (count: number) => `${count} unread`,
  empty: "Nothing is waiting for you.",
  choose: "Choose a request to answer it.",
  detail: "The request",
  group: (source: string, conversation: string | undefined) => (conversation ? `${source} · ${conversation}` : source),
  // Annotated: an inferred union of these words would print in check order in the declarations.
  state: (state: InboxListEntry["state"]): string =>
    state === "open" ? "Waiting" : state === "answered" ? "Answered" : state === "expired" ? "Expired" : "Withdrawn",
  expiresIn: (minutes: number) => (minutes < 1 ? "Expires in under a minute" : `Expires in ${minutes} min`),
  isUnread: "unread",
};

export interface UseHitlInboxOptions {
  /** How close an expiry must be to sort and show as "expiring soon". @default one hour */
  readonly soonMs?: number;
}

export interface HitlInboxState {
  readonly view: InboxView;
  /** The opened request's id. */
  readonly selectedId: string | undefined;
  /** Opens a request (it counts as read from then on in this browser), or none. */
  select(requestId: string | undefined): void;
  /** Request ids opened in this browser. */
  readonly seen: ReadonlySet<string>;
  readonly now: number;
}

const SEEN_LIMIT = 2000;
const NO_ENTRIES: readonly InboxListEntry[] = [];

/**
 * The inbox as a list: what the transport last listed, grouped and ordered (`inboxView`), with
 * this browser's read marks (kept in `localStorage`, per inbox). Follows the transport while
 * mounted (its poll runs), so it works with or without a `HitlProvider` around it.
 */
export function useHitlInbox(transport: InboxTransport, options: UseHitlInboxOptions = {}): HitlInboxState {
  const entries = useSyncExternalStore(transport.subscribeEntries, transport.getEntries, () => NO_ENTRIES);
  useEffect(() => transport.connect({ deliver() {}, expect() {} }), [transport]);
  const seenKey = `${transport.sessionKey ?? "inbox"}:seen`;
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setSeen(readSeen(seenKey)), [seenKey]);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  // "Expires in …" and the expiring-soon order move with the clock, once a minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const view = useMemo(
    () => inboxView(entries, { now, seen, ...(options.soonMs !== undefined ? { soonMs: options.soonMs } : {}) }),
    [entries, now, seen, options.soonMs],
  );
  const select = useCallback(
    (requestId: string | undefined) => {
      setSelectedId(requestId);
      if (requestId === undefined) return;
      setSeen((before) => {
        if (before.has(requestId)) return before;
        const next = new Set([...before, requestId].slice(-SEEN_LIMIT));
        writeSeen(seenKey, next);
        return next;
      });
    },
    [seenKey],
  );
  return { view, selectedId, select, seen, now };
}

function readSeen(key: string): ReadonlySet<string> {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(key) ?? "[]") as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

function writeSeen(key: string, seen: ReadonlySet<string>) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify([...seen]));
  } catch {
    // Storage full or blocked: read marks last as long as the page.
  }
}

export interface HitlInboxProps extends UseHitlInboxOptions {
  readonly transport: InboxTransport;
  readonly registry: Registry;
  /** The component shown for an unknown kind, an invalid payload or a widget that throws. */
  readonly fallback: ComponentType<FallbackProps>;
  /** The list's height in px (it scrolls, and renders only the rows in view). @default 480 */
  readonly listHeight?: number;
  readonly className?: string;
}

type Row =
  | { readonly type: "group"; readonly group: InboxGroup }
  | { readonly type: "entry"; readonly entry: InboxListEntry; readonly index: number };

const GROUP_ROW = 36;
const ENTRY_ROW = 64;

/**
 * Every request waiting for the signed-in person, across conversations and agents: a list
 * grouped by where each came from (expiring soon first, unread marked) beside the opened
 * request's own widget, answered through the same client, ledger and gate as any chat page. The
 * list is windowed (a thousand requests render a screenful of rows) and one tab stop: arrows,
 * Home and End move, Enter opens, and focus goes to the widget.
 */
export function HitlInbox(props: HitlInboxProps) {
  const { transport, registry, fallback } = props;
  const labels = useLabels("inbox", inboxLabels);
  const { view, selectedId, select, seen, now } = useHitlInbox(transport, props);
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    let index = 0;
    for (const group of view.groups) {
      out.push({ type: "group", group });
      for (const entry of group.entries) out.push({ type: "entry", entry, index: index++ });
    }
    return out;
  }, [view]);
  const rowOfIndex = useMemo(() => {
    const map = new Map<number, number>();
    rows.forEach((row, position) => {
      if (row.type === "entry") map.set(row.index, position);
    });
    return map;
  }, [rows]);

  const scroller = useRef<HTMLDivElement>(null);
  const detail = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (position) => (rows[position]?.type === "group" ? GROUP_ROW : ENTRY_ROW),
    overscan: 6,
  });

  // One tab stop: the active entry (the opened one, else the first); arrows move it.
  const selectedIndex = view.ordered.findIndex((entry) => entry.request.requestId === selectedId);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(0, view.ordered.length - 1));
  const focusAfterRender = useRef(false);
  const itemRefs = useRef(new Map<number, HTMLButtonElement>());
  useEffect(() => {
    if (!focusAfterRender.current) return;
    const element = itemRefs.current.get(activeIndex);
    if (element) {
      focusAfterRender.current = false;
      element.focus();
    }
  });
  const moveTo = (index: number) => {
    const clamped = Math.max(0, Math.min(view.ordered.length - 1, index));
    setActive(clamped);
    focusAfterRender.current = true;
    const position = rowOfIndex.get(clamped);
    if (position !== undefined) virtualizer.scrollToIndex(position, { align: "auto" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: view.ordered.length - 1,
      PageDown: index + 8,
      PageUp: index - 8,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };
  const open = (entry: InboxListEntry, index: number) => {
    setActive(index);
    select(entry.request.requestId);
    // After the widget rendered: the person goes on in the request, not back at the list.
    requestAnimationFrame(() => detail.current?.focus());
  };

  const selected = selectedIndex >= 0 ? view.ordered[selectedIndex] : undefined;
  const headingId = useId();
  const listHeight = props.listHeight ?? 480;

  return (
    <HitlProvider transport={transport} registry={registry}>
      <div data-slot="inbox" className={["hitl-inbox", props.className].filter(Boolean).join(" ")}>
        <nav data-slot="inbox-list" aria-labelledby={headingId}>
          <h2 id={headingId} data-slot="inbox-title">
            {labels.title}
            <span className="hitl-visually-hidden">: {labels.list(view.open)}</span>
            {view.unread > 0 ? (
              <span data-slot="inbox-unread">
                <span aria-hidden="true">{view.unread}</span>
                <span className="hitl-visually-hidden">, {labels.unread(view.unread)}</span>
              </span>
            ) : null}
          </h2>
          {rows.length === 0 ? (
            <p data-slot="inbox-empty">{labels.empty}</p>
          ) : (
            <div ref={scroller} data-slot="inbox-scroller" style={{ height: listHeight, overflowY: "auto" }}>
              <ul
                data-slot="inbox-rows"
                aria-label={labels.list(view.open)}
                style={{ height: virtualizer.getTotalSize(), position: "relative", margin: 0, padding: 0 }}
              >
                {virtualizer.getVirtualItems().map((item) => {
                  const row = rows[item.index] as Row;
                  // Windowed: each row says where it is among all rows (groups and requests).
                  const style = {
                    position: "absolute" as const,
                    top: 0,
                    left: 0,
                    width: "100%",
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                    listStyle: "none",
                  };
                  if (row.type === "group") {
                    return (
                      <li
                        key={`g:${row.group.key}`}
                        data-slot="inbox-group"
                        style={style}
                        aria-setsize={rows.length}
                        aria-posinset={item.index + 1}
                      >
                        <span
                          data-slot="inbox-group-label"
                          title={labels.group(row.group.source, row.group.conversation)}
                        >
                          {labels.group(row.group.source, row.group.conversation)}
                        </span>
                        {row.group.unread > 0 ? (
                          <span data-slot="inbox-group-unread">{labels.unread(row.group.unread)}</span>
                        ) : null}
                      </li>
                    );
                  }
                  const { entry, index } = row;
                  const id = entry.request.requestId;
                  const unread = entry.state === "open" && !seen.has(id);
                  const minutes =
                    entry.state === "open" && entry.expiresAt !== undefined
                      ? Math.max(0, Math.floor((entry.expiresAt - now) / 60_000))
                      : undefined;
                  return (
                    <li key={`e:${id}`} style={style} aria-setsize={rows.length} aria-posinset={item.index + 1}>
                      <button
                        type="button"
                        ref={(element) => {
                          if (element) itemRefs.current.set(index, element);
                          else itemRefs.current.delete(index);
                        }}
                        data-slot="inbox-item"
                        data-request-id={id}
                        data-state={entry.state}
                        data-unread={unread ? "" : undefined}
                        aria-current={id === selectedId ? "true" : undefined}
                        tabIndex={index === activeIndex ? 0 : -1}
                        onClick={() => open(entry, index)}
                        onKeyDown={(event) => onKeyDown(event, index)}
                      >
                        <span data-slot="inbox-item-prompt">{entry.request.prompt || entry.request.toolName}</span>
                        <span data-slot="inbox-item-meta">
                          {labels.state(entry.state)}
                          {minutes !== undefined ? ` · ${labels.expiresIn(minutes)}` : ""}
                          {unread ? <span className="hitl-visually-hidden">, {labels.isUnread}</span> : null}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </nav>
        <section ref={detail} data-slot="inbox-detail" aria-label={labels.detail} tabIndex={-1}>
          {selected ? (
            <HitlRenderer callId={selected.request.callId} settled="all" announce={false} fallback={fallback} />
          ) : (
            <p data-slot="inbox-choose">{labels.choose}</p>
          )}
        </section>
      </div>
    </HitlProvider>
  );
}
