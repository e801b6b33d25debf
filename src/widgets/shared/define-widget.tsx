"use client";
import { type ComponentPropsWithoutRef, type ComponentType, memo, type Provider, type ReactNode } from "react";
import type { z } from "zod";
import type { CollectionSource } from "../../kinds/collection";
import { type RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import type { HitlWidgetProps, WidgetStatus } from "../../react/widget-props";
import { type ShellProps, splitShellProps } from "./shell-props";
import { ShellSubmit } from "./shell-submit";
import { cx, ShellActions, ShellDecline, ShellPrompt, ShellReceipt, ShellRoot, ShellStatus } from "./widget-shell";

/**
 * One place for what every widget's Root does, so a widget file holds only what is its own
 * (Radix's and Zag's split: the parts are the widget's, the wiring is the library's):
 *
 * - the Root: the shell's props (`status`, `error`, `declineReason`, `onDecline`, `onRetry`) to the
 *   shell, the widget's own props to its hook (`use`), the rest to the fieldset; the hook's value
 *   in the widget's context; `data-kind` and the root class;
 * - where the items come from: inline in the payload, or a remote collection the request names
 *   (`items`), so a picker's hook gets `items` and `remote` either way;
 * - the styled widget: Prompt, the widget's `layout`, Status, the receipt;
 * - the compound statics: the shell's parts under one vocabulary (`Root`, `Prompt`, `Actions`,
 *   `Submit`, `Decline`, `Status`, `Receipt`), then the widget's own `parts` (which may replace them).
 *
 * ```tsx
 * const VoicePicker = defineWidget<VoiceProps, VoiceApi>()({
 *   name: "VoicePicker", kind: "voice", className: "voice", ownProps: {}, Provider: VoiceProvider,
 *   use: ({ payload, onSubmit }, { status }) => ({ value: useVoice(payload, status, onSubmit) }),
 *   layout: <><VoiceList /><WidgetShell.Actions><WidgetShell.Submit /></WidgetShell.Actions></>,
 *   parts: { List: VoiceList },
 * });
 * ```
 */

/** A widget's props beyond the ones every widget takes (`value`, `defaultValue`, `columns`, …). */
type OwnKeys<Props> = Exclude<keyof Props, keyof HitlWidgetProps<unknown, unknown>>;

/** What a widget's hook is given besides its own props. */
export interface WidgetEnvironment<Item> {
  readonly status: WidgetStatus;
  /** The shell's decline (to put behind the widget's own one-answer guard, or leave to the shell). */
  readonly onDecline: ShellProps["onDecline"];
  /** The items: the payload's, or the remote collection's loaded so far for the current search. */
  readonly items: readonly Item[];
  /** Set when the request names a collection the app serves. */
  readonly remote: RemoteCollection<Item> | undefined;
}

/** Where a picker's items come from: the payload's own, or the loader the app registered for its `source`. */
export interface ItemSource<Req, Item> {
  readonly inline: (payload: Req) => readonly Item[];
  readonly source: (payload: Req) => CollectionSource | undefined;
  /** Every loaded item must pass it (the kind's item schema). */
  readonly schema: z.ZodType<Item>;
  readonly itemId: (item: Item) => string;
  /** The cache's namespace (the kind). */
  readonly scope: string;
}

/** What every widget's props have (`HitlWidgetProps` of its request and answer). */
interface BaseProps {
  readonly payload: unknown;
  readonly prompt: string;
  readonly answer?: unknown;
}
type Payload<Props extends BaseProps> = Props["payload"];
type Answer<Props extends BaseProps> = Props["answer"];

export interface WidgetDefinition<Props extends BaseProps, Value, Item, Parts> {
  /** The widget's name: the styled component's display name. */
  readonly name: string;
  /** The request kind, the root's `data-kind`. */
  readonly kind: string;
  /** The root's class, the default styles' hook. */
  readonly className: string;
  /** Each prop of the widget's own (beyond `payload`, `answer`, `onSubmit`): given to `use`, kept from the fieldset. */
  readonly ownProps: { readonly [Key in OwnKeys<Props>]-?: true };
  readonly items?: ItemSource<Payload<Props>, Item>;
  /**
   * The widget's hook: its state for the parts, put in `Provider`. Return `decline` to put the
   * shell's Decline behind the widget's own one-answer guard (shared with Submit).
   */
  readonly use: (
    props: Omit<Props, "prompt" | keyof ShellProps | "className">,
    environment: WidgetEnvironment<Item>,
  ) => {
    readonly value: Value;
    readonly decline?: ShellProps["onDecline"];
    /** Attributes for the root (`data-*` the widget's state sets). */
    readonly rootProps?: Readonly<Record<`data-${string}`, string | undefined>>;
  };
  readonly Provider: Provider<Value | null>;
  /** What the styled widget shows between its prompt and its status. */
  readonly layout: ReactNode;
  /** The styled widget's receipt for the answer sent. @default the shell's receipt */
  readonly receipt?: (answer: Answer<Props> | undefined) => ReactNode;
  /** The widget's own parts, added to the statics (a name the shell has replaces the shell's). */
  readonly parts: Parts;
}

export type WidgetRootProps<Props> = Omit<Props, "prompt"> &
  Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue" | keyof Props>;

const shellParts = {
  Prompt: ShellPrompt,
  Actions: ShellActions,
  Submit: ShellSubmit,
  Decline: ShellDecline,
  Status: ShellStatus,
  Receipt: ShellReceipt,
};

export type DefinedWidget<Props, Parts> = ((props: Props) => ReactNode) & {
  readonly Root: ComponentType<WidgetRootProps<Props>>;
} & Omit<typeof shellParts, keyof Parts> &
  Parts;

const common = ["payload", "answer", "onSubmit"] as const;

/**
 * The shell builds its context anew whenever it renders: memoized, it renders (and with it the
 * prompt, Decline, status and receipt) only when its own props change, not on every change of the
 * widget's state (its children are the same elements until the widget's owner renders again).
 */
const Shell = memo(ShellRoot);

/**
 * Builds a widget from its hook, context and parts. Curried so `Props` and `Value` are named and
 * the rest inferred: `defineWidget<MyProps, MyApi>()({ … })`.
 */
export function defineWidget<Props extends BaseProps, Value, Item = never>() {
  return <Parts extends Record<string, unknown>>(
    definition: WidgetDefinition<Props, Value, Item, Parts>,
  ): DefinedWidget<Props, Parts> => {
    const { kind, className: rootClass, ownProps, items: source, use, Provider, layout, receipt } = definition;
    const own = new Set<string>([...common, ...Object.keys(ownProps)]);

    function View(props: WidgetRootProps<Props> & { readonly remote?: RemoteCollection<Item> | undefined }) {
      const [shell, rest] = splitShellProps(props as unknown as ShellProps & Record<string, unknown>);
      const mine: Record<string, unknown> = {};
      const fieldset: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(rest)) {
        if (key !== "remote" && key !== "className") (own.has(key) ? mine : fieldset)[key] = value;
      }
      const remote = props.remote;
      const payload = mine.payload as Payload<Props>;
      const items = remote ? remote.items : (source?.inline(payload) ?? []);
      const environment = { status: shell.status ?? "open", onDecline: shell.onDecline, items, remote };
      const result = use(mine as Parameters<typeof use>[0], environment);
      const onDecline = "decline" in result ? result.decline : shell.onDecline;
      return (
        <Provider value={result.value}>
          <Shell
            kind={kind}
            {...shell}
            onDecline={onDecline}
            {...result.rootProps}
            {...fieldset}
            className={cx(rootClass, rest.className as string | undefined)}
          />
        </Provider>
      );
    }

    function RemoteView(props: WidgetRootProps<Props> & { readonly from: CollectionSource }) {
      const { from, ...rest } = props;
      const remote = useRemoteCollection({
        source: from,
        item: (source as ItemSource<Payload<Props>, Item>).schema,
        itemId: (source as ItemSource<Payload<Props>, Item>).itemId,
        scope: (source as ItemSource<Payload<Props>, Item>).scope,
      });
      return <View {...(rest as unknown as WidgetRootProps<Props>)} remote={remote} />;
    }

    function Root(props: WidgetRootProps<Props>) {
      const from = source?.source(props.payload as Payload<Props>);
      return from ? <RemoteView {...props} from={from} /> : <View {...props} />;
    }

    function Widget({ prompt, ...props }: Props) {
      const answer: Answer<Props> = (props as Partial<Props>).answer;
      return (
        <Root {...(props as unknown as WidgetRootProps<Props>)}>
          <ShellPrompt>{prompt}</ShellPrompt>
          {layout}
          <ShellStatus />
          {receipt ? receipt(answer) : <ShellReceipt />}
        </Root>
      );
    }
    Widget.displayName = definition.name;
    return Object.assign(Widget, shellParts, { Root }, definition.parts) as DefinedWidget<Props, Parts>;
  };
}
