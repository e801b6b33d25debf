import type { InboxListEntry } from "./transport";

/**
 * What an inbox list shows, worked out from the listed entries (pure: the hook and any other UI
 * share it): entries grouped by where they came from (source and conversation), the groups
 * ordered by urgency — a request expiring soon first, then the group waiting longest — unread
 * counts (open requests this browser has not opened yet), and how many wait in all.
 */

export interface InboxGroup {
  /** `source` and `conversation`, joined: stable across reads. */
  readonly key: string;
  readonly source: string;
  readonly conversation?: string;
  /** Open first (expiring soonest, then oldest), then settled ones (newest first). */
  readonly entries: readonly InboxListEntry[];
  readonly open: number;
  readonly unread: number;
  /** The soonest expiry among its open entries within `soonMs`. */
  readonly expiresSoonAt?: number;
}

export interface InboxView {
  readonly groups: readonly InboxGroup[];
  readonly open: number;
  readonly unread: number;
  /** The entries in the order the list shows them (for keyboard moves and windowing). */
  readonly ordered: readonly InboxListEntry[];
}

export interface InboxViewOptions {
  readonly now: number;
  /** Request ids this browser opened. */
  readonly seen: ReadonlySet<string>;
  /** How close an expiry must be to count as "expiring soon". @default one hour */
  readonly soonMs?: number;
}

const UNKNOWN_SOURCE = "inbox";

export function inboxView(entries: readonly InboxListEntry[], options: InboxViewOptions): InboxView {
  const soonMs = options.soonMs ?? 60 * 60 * 1000;
  const buckets = new Map<string, InboxListEntry[]>();
  for (const entry of entries) {
    const key = groupKey(entry);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(entry);
    else buckets.set(key, [entry]);
  }
  const soon = (entry: InboxListEntry) =>
    entry.state === "open" && entry.expiresAt !== undefined && entry.expiresAt - options.now <= soonMs
      ? entry.expiresAt
      : undefined;

  const groups: InboxGroup[] = [...buckets.entries()].map(([key, bucket]) => {
    const open = bucket.filter((entry) => entry.state === "open").sort(byUrgency(soon));
    const settled = bucket.filter((entry) => entry.state !== "open").sort((a, b) => b.parkedAt - a.parkedAt);
    const expiries = open.map(soon).filter((at): at is number => at !== undefined);
    const first = bucket[0] as InboxListEntry;
    return {
      key,
      source: first.source ?? UNKNOWN_SOURCE,
      ...(first.conversation !== undefined ? { conversation: first.conversation } : {}),
      entries: [...open, ...settled],
      open: open.length,
      unread: open.filter((entry) => !options.seen.has(entry.request.requestId)).length,
      ...(expiries.length > 0 ? { expiresSoonAt: Math.min(...expiries) } : {}),
    };
  });
  groups.sort((a, b) => {
    // Expiring soon first (soonest first), then groups with anything open (waiting longest first).
    if (a.expiresSoonAt !== undefined || b.expiresSoonAt !== undefined) {
      return (a.expiresSoonAt ?? Number.POSITIVE_INFINITY) - (b.expiresSoonAt ?? Number.POSITIVE_INFINITY);
    }
    if (a.open > 0 !== b.open > 0) return a.open > 0 ? -1 : 1;
    return oldest(a) - oldest(b) || a.key.localeCompare(b.key);
  });
  return {
    groups,
    open: groups.reduce((sum, group) => sum + group.open, 0),
    unread: groups.reduce((sum, group) => sum + group.unread, 0),
    ordered: groups.flatMap((group) => group.entries),
  };
}

export function groupKey(entry: InboxListEntry): string {
  return `${entry.source ?? UNKNOWN_SOURCE}\u0000${entry.conversation ?? ""}`;
}

function byUrgency(soon: (entry: InboxListEntry) => number | undefined) {
  return (a: InboxListEntry, b: InboxListEntry) => {
    const sa = soon(a);
    const sb = soon(b);
    if (sa !== undefined || sb !== undefined) {
      return (sa ?? Number.POSITIVE_INFINITY) - (sb ?? Number.POSITIVE_INFINITY);
    }
    return a.parkedAt - b.parkedAt;
  };
}

function oldest(group: InboxGroup): number {
  return Math.min(...group.entries.map((entry) => entry.parkedAt));
}
