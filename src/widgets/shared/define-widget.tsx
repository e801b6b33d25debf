"use client";
import {
  type ComponentPropsWithoutRef,
  type ComponentType,
  createContext,
  memo,
  type Provider,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
} from "react";
import type { z } from "zod";
import type { CollectionSource } from "../../kinds/collection";
import type { RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import type { HitlWidgetProps, SubmitResult, WidgetStatus } from "../../react/widget-props";
import { declineParts, ShellDecline } from "./shell-decline";
import { type ShellProps, splitShellProps } from "./shell-props";
import { ShellSubmit } from "./shell-submit";
import {
  type BodyProps,
  cx,
  ShellActions,
  ShellForm,
  ShellPrompt,
  ShellReceipt,
  ShellRetry,
  ShellRoot,
  ShellStatus,
  ShellStatusText,
} from "./widget-shell";

/**
 * One place for what every widget's Root does, so a widget file holds only what is its own
 * (Radix's and Zag's split: the parts are the widget's, the wiring is the library's):
 *
 * - the Root: the shell's props (`status`, `error`, `declineReason`, `onDecline`, `onRetry`) to the
 *   shell, the widget's own props to its hook (`use`), the rest to the fieldset; the hook's API in
 *   the widget's context; `data-kind` and the root class;
 * - where the items come from: inline in the payload, or a remote collection the request names
 *   (`items`), so a picker's hook gets `items` and `remote` either way;
 * - the styled widget, from the part vocabulary: Prompt; `Body` (the widget's, else a form that
 *   calls the `submit` its `use` returned) holding its `content`, `Issues` and Actions (`Submit`,
 *   `Decline`) — or, with `form: false`, the content and the actions alone; Status; the receipt
 *   (`Receipt`, else the shell's with `Summary` given the answer);
 * - the compound statics: the shell's parts (`Root`, `Prompt`, `Actions`, `Submit`, `Decline`,
 *   `Status`, `Receipt`), then the widget's own `parts` (which may replace them).
 *
 * ```tsx
 * const VoicePicker = defineWidget<VoiceProps, VoiceApi>()({
 *   kind: "voice",
 *   Provider: VoiceProvider,
 *   use: useVoicePicker, // → { api, submit }
 *   content: <Voices />,
 *   parts: { Voices, Summary },
 * });
 * ```
 */

/** A widget's props beyond the ones every picker takes (`columns`, `text`, …). */
type OwnKeys<Props> = Exclude<
  keyof Props,
  keyof HitlWidgetProps<unknown, unknown> | "value" | "defaultValue" | "onValueChange"
>;

/** Each prop of the widget's own, beyond the value's (given to `use`, kept from the fieldset); none, nothing to say. */
type OwnPropsField<Props> = [OwnKeys<Props>] extends [never]
  ? { readonly ownProps?: undefined }
  : { readonly ownProps: { readonly [Key in OwnKeys<Props>]-?: true } };

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

/**
 * Where a picker's items come from: the payload's own (`inline`), or, when the request names a
 * `source`, the loader the app registered for it (every item checked with `schema`, cached under
 * the kind).
 */
export interface ItemSource<Req, Item> {
  readonly inline: (payload: Req) => readonly Item[];
  readonly schema: z.ZodType<Item>;
  /**
   * `useRemoteCollection`, given by the pickers that take a `source`: passed in rather than
   * imported here, so a widget without one (the approval, the fallback) does not bring TanStack
   * Query and the collection's paging with it.
   */
  readonly remote: typeof useRemoteCollection;
}

/** What every widget's props have (`HitlWidgetProps` of its request and answer). */
interface BaseProps {
  /** The request's payload (none for the fallback, which shows what it could not read). */
  readonly payload?: unknown;
  readonly prompt: string;
  readonly answer?: unknown;
}
type Payload<Props extends BaseProps> = Props["payload"];

interface Definition<Props extends BaseProps, Api, Item extends { readonly id: string }, Parts> {
  /** The request kind, the root's `data-kind`. */
  readonly kind: string;
  /** The root's class, the default styles' hook. @default `hitl-${kind}` */
  readonly className?: string;
  readonly items?: ItemSource<Payload<Props>, Item>;
  /**
   * The widget's hook: its API for the parts, put in `Provider`. Return `decline` to put the
   * shell's Decline behind the widget's own one-answer guard (shared with Submit).
   */
  readonly use: (
    props: Omit<Props, "prompt" | keyof ShellProps | "className">,
    environment: WidgetEnvironment<Item>,
  ) => {
    readonly api: Api;
    readonly decline?: ShellProps["onDecline"];
    /** What Submit does, for a widget without a `Body` part of its own (the default Body, a form, calls it). */
    readonly submit?: () => void;
    /** The reason a receipt quotes when the host gave none (an approval's denial note is in its answer). */
    readonly declineReason?: string | undefined;
  };
  /** Attributes for the root from the API (`data-*` the widget's state sets). */
  readonly rootProps?: (api: Api) => Readonly<Record<`data-${string}`, string | undefined>>;
  readonly Provider: Provider<Api | null>;
  /** The styled widget's own parts, in order (inside `Body`, before `Issues` and the actions). */
  readonly content: ReactNode;
  /**
   * `false` for a widget whose own buttons answer (options, a link): no form, no Submit unless
   * `parts` has one; the actions hold it and Decline. @default true
   */
  readonly form?: false;
  /**
   * The styled widget's row of actions, where it is the widget's own (an approval's Approve /
   * Edit / Deny); `null` where `content` holds them. @default the shell's row: Submit (for a
   * form, or the widget's `Submit` part) and `Decline`
   */
  readonly actions?: ReactNode;
  /**
   * The prop that sends the widget's answer, where it is not `onSubmit` (the fallback's raw
   * `onAnswer`): focus moves to the status once it went (see `useHandOff`). @default "onSubmit"
   */
  readonly answerProp?: OwnKeys<Props>;
  /** The widget's parts, added to the statics (a name the shell has replaces the shell's). */
  readonly parts: Parts;
}

export type WidgetDefinition<Props extends BaseProps, Api, Item extends { readonly id: string }, Parts> = Definition<
  Props,
  Api,
  Item,
  Parts
> &
  OwnPropsField<Props>;

export type WidgetRootProps<Props> = Omit<Props, "prompt"> &
  Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue" | keyof Props>;

const shellParts = {
  Prompt: ShellPrompt,
  Body: DefaultBody,
  Actions: ShellActions,
  Submit: ShellSubmit,
  Decline: ShellDecline,
  ...declineParts,
  Status: ShellStatus,
  StatusText: ShellStatusText,
  Retry: ShellRetry,
  Receipt: ShellReceipt,
};

export type DefinedWidget<Props, Parts> = ((props: Props) => ReactNode) & {
  readonly displayName: string;
  readonly Root: ComponentType<WidgetRootProps<Props>>;
} & Omit<typeof shellParts, keyof Parts> &
  Parts;

const itemId = (item: { readonly id: string }) => item.id;

const common = ["payload", "answer", "onSubmit", "value", "defaultValue", "onValueChange"] as const;

/** The parts `defineWidget` composes the styled widget from, when the widget has them. */
interface WidgetParts {
  readonly Body?: ComponentType<{ children?: ReactNode }>;
  readonly Issues?: ComponentType;
  readonly Submit?: ComponentType;
  readonly Decline?: ComponentType;
  /** Given the answer sent (`answer`) when it takes one. */
  readonly Summary?: ComponentType<never>;
  readonly Receipt?: ComponentType;
}

/**
 * The shell builds its context anew whenever it renders: memoized, it renders (and with it the
 * prompt, Decline, status and receipt) only when its own props change, not on every change of the
 * widget's state (its children are the same elements until the widget's owner renders again).
 */
const Shell = memo(ShellRoot);

/** The `submit` a widget's `use` returned, for the default `Body`. */
const SubmitContext = createContext<(() => void) | undefined>(undefined);

/**
 * The Body of a widget without one of its own: the shell's form, submitting with what `use`
 * returned. A static part too (`Widget.Body`), so a composition of the parts (a shadcn item)
 * has the same form to put its parts in.
 */
function DefaultBody(props: BodyProps) {
  const submit = useContext(SubmitContext);
  return <ShellForm onSubmit={() => submit?.()} {...props} />;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a handler typed to return `void` (Decline's) is one too; with `undefined` alone TypeScript refuses it.
type Handler = (...args: never[]) => SubmitResult | undefined | void;

/**
 * `handler`, stable, followed by the hand-off: once an answer went (the handler did not refuse it),
 * focus leaves the control that sent it — which the widget is about to disable while it is in
 * flight, then replace with the receipt — for the widget's live status (the nearest widget that
 * has one). A keyboard or screen-reader user stays in the widget and hears how the answer goes,
 * instead of being dropped at the top of the page; and the focused control is not blurred by the
 * render that disables it (Chromium fires that blur in the middle of React's commit).
 */
function useHandOff<H extends Handler>(handler: H | undefined): H | undefined {
  const latest = useRef(handler);
  latest.current = handler;
  const stable = useCallback((...args: Parameters<H>) => {
    const result = latest.current?.(...args);
    if (result?.ok !== false) focusStatus();
    return result;
  }, []) as unknown as H;
  return handler && stable;
}

const WIDGET = 'fieldset[data-slot="widget"]';

function focusStatus() {
  let root = document.activeElement?.closest(WIDGET);
  while (root) {
    const status = root.querySelector<HTMLElement>('[data-slot="status"]');
    if (status) return status.focus();
    root = root.parentElement?.closest(WIDGET);
  }
}

/**
 * Builds a widget from its hook, context and parts. Curried so `Props` and `Api` are named and
 * the rest inferred: `defineWidget<MyProps, MyApi>()({ … })`.
 */
export function defineWidget<Props extends BaseProps, Api, Item extends { readonly id: string } = never>() {
  return <Parts extends WidgetParts>(
    definition: WidgetDefinition<Props, Api, Item, Parts>,
  ): DefinedWidget<Props, Parts> => {
    const { kind, ownProps, items: source, use, rootProps, Provider, parts } = definition;
    const rootClass = definition.className ?? `hitl-${kind}`;
    const answerProp = String(definition.answerProp ?? "onSubmit");
    const own = new Set<string>([...common, ...Object.keys(ownProps ?? {})]);

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
      const submit = useHandOff(mine[answerProp] as Handler | undefined);
      if (submit) mine[answerProp] = submit;
      const decline = useHandOff(shell.onDecline);
      const environment = { status: shell.status ?? "open", onDecline: decline, items, remote };
      const result = use(mine as Parameters<typeof use>[0], environment);
      const onDecline = "decline" in result ? result.decline : decline;
      const declineReason = shell.declineReason ?? result.declineReason;
      return (
        <SubmitContext.Provider value={result.submit}>
          <Provider value={result.api}>
            <Shell
              kind={kind}
              {...shell}
              onDecline={onDecline}
              {...(declineReason === undefined ? {} : { declineReason })}
              {...rootProps?.(result.api)}
              {...fieldset}
              className={cx(rootClass, rest.className as string | undefined)}
            />
          </Provider>
        </SubmitContext.Provider>
      );
    }

    function RemoteView(props: WidgetRootProps<Props> & { readonly from: CollectionSource }) {
      const { from, ...rest } = props;
      const { schema: item, remote: useRemote } = source as ItemSource<Payload<Props>, Item>;
      const remote = useRemote({ source: from, item, itemId, scope: kind });
      return <View {...(rest as unknown as WidgetRootProps<Props>)} remote={remote} />;
    }

    function Root(props: WidgetRootProps<Props>) {
      const from = source && (props.payload as { source?: CollectionSource } | undefined)?.source;
      return from ? <RemoteView {...props} from={from} /> : <View {...props} />;
    }

    const { Body = DefaultBody, Issues, Submit, Decline = ShellDecline, Receipt } = parts;
    const Summary = parts.Summary as ComponentType<{ answer: unknown }> | undefined;
    const form = definition.form !== false;
    const row =
      definition.actions !== undefined ? (
        definition.actions
      ) : (
        <ShellActions>
          {Submit ? <Submit /> : form && <ShellSubmit />}
          <Decline />
        </ShellActions>
      );
    const actions = form ? (
      <Body>
        {definition.content}
        {Issues && <Issues />}
        {row}
      </Body>
    ) : (
      <>
        {definition.content}
        {row}
      </>
    );

    function Widget({ prompt, ...props }: Props) {
      const { answer } = props as Partial<Props>;
      return (
        <Root {...(props as unknown as WidgetRootProps<Props>)}>
          <ShellPrompt>{prompt}</ShellPrompt>
          {actions}
          <ShellStatus />
          {Receipt ? <Receipt /> : <ShellReceipt summary={Summary && <Summary answer={answer} />} />}
        </Root>
      );
    }
    // Named in React's devtools and in warnings by the kind.
    Widget.displayName = `Widget(${kind})`;
    Root.displayName = `Root(${kind})`;
    return Object.assign(Widget, shellParts, { Root }, parts) as DefinedWidget<Props, Parts>;
  };
}
