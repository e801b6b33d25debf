"use client";
import { HitlInbox, type HitlInboxProps } from "hitl-kit/adapters/inbox";
import { cn } from "@/components/hitl/shell";

/**
 * The inbox in shadcn's look: the kit's `<HitlInbox>` (`hitl-kit/adapters/inbox`: the grouped,
 * windowed list beside the opened request's widget, one tab stop, arrows to move, Enter to open)
 * with Tailwind classes on its parts, addressed by their `data-slot`. Each item's `data-state`
 * is its request's (`open`, `answered`, `expired`, `withdrawn`); `data-unread` marks one this
 * browser has not opened; `aria-current` the opened one.
 */

const layout = cn(
  "grid gap-4 text-sm md:grid-cols-[minmax(16rem,1fr)_2fr] [&_.hitl-visually-hidden]:sr-only",
  "**:data-[slot=inbox-title]:m-0 **:data-[slot=inbox-title]:mb-2 **:data-[slot=inbox-title]:flex **:data-[slot=inbox-title]:items-center **:data-[slot=inbox-title]:gap-2 **:data-[slot=inbox-title]:text-base **:data-[slot=inbox-title]:font-semibold",
  "**:data-[slot=inbox-unread]:min-w-6 **:data-[slot=inbox-unread]:rounded-full **:data-[slot=inbox-unread]:bg-primary **:data-[slot=inbox-unread]:px-1.5 **:data-[slot=inbox-unread]:text-center **:data-[slot=inbox-unread]:text-xs **:data-[slot=inbox-unread]:text-primary-foreground",
  "**:data-[slot=inbox-scroller]:rounded-xl **:data-[slot=inbox-scroller]:border **:data-[slot=inbox-scroller]:bg-card **:data-[slot=inbox-scroller]:p-1",
  "**:data-[slot=inbox-group]:flex **:data-[slot=inbox-group]:items-end **:data-[slot=inbox-group]:justify-between **:data-[slot=inbox-group]:px-2 **:data-[slot=inbox-group]:pb-1 **:data-[slot=inbox-group]:text-xs **:data-[slot=inbox-group]:font-medium **:data-[slot=inbox-group]:text-muted-foreground",
  "**:data-[slot=inbox-empty]:text-muted-foreground **:data-[slot=inbox-choose]:text-muted-foreground",
);

const item = cn(
  "**:data-[slot=inbox-item]:flex **:data-[slot=inbox-item]:h-[calc(100%-4px)] **:data-[slot=inbox-item]:w-full **:data-[slot=inbox-item]:flex-col **:data-[slot=inbox-item]:items-start **:data-[slot=inbox-item]:justify-center **:data-[slot=inbox-item]:gap-0.5 **:data-[slot=inbox-item]:rounded-md **:data-[slot=inbox-item]:px-3 **:data-[slot=inbox-item]:text-left",
  "**:data-[slot=inbox-item]:hover:bg-accent **:data-[slot=inbox-item]:aria-[current=true]:bg-accent **:data-[slot=inbox-item]:aria-[current=true]:text-accent-foreground",
  // Written out: Tailwind finds classes in the source text, not in strings built at runtime.
  "**:data-[slot=inbox-item]:outline-none **:data-[slot=inbox-item]:focus-visible:ring-[3px] **:data-[slot=inbox-item]:focus-visible:ring-ring/50",
  "**:data-[slot=inbox-item-prompt]:w-full **:data-[slot=inbox-item-prompt]:truncate [&_[data-unread]_[data-slot=inbox-item-prompt]]:font-semibold",
  "**:data-[slot=inbox-item-meta]:text-xs **:data-[slot=inbox-item-meta]:text-muted-foreground",
);

/** Every request waiting for the signed-in person, in shadcn's look. */
export function Inbox({ className, ...props }: HitlInboxProps) {
  return <HitlInbox {...props} className={cn(layout, item, className)} />;
}
