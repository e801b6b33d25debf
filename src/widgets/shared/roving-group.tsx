"use client";
import { Slot } from "@radix-ui/react-slot";
import {
  type ComponentPropsWithoutRef,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useRef,
  useState,
} from "react";
import { moveInRow } from "./collection-keys";

/**
 * Two small headless rows with one tab stop, the way Radix's RadioGroup and ToggleGroup behave,
 * without their machinery (collection, roving-focus, presence and context packages: ~10 kB gz the
 * pickers no longer load):
 * - `RadioGroup`: `role="radiogroup"` of `role="radio"` buttons; an arrow moves AND checks, wrapping;
 *   Tab lands on the checked radio (else the first); Enter never checks (APG), Space/click does.
 * - `ToggleRow`: a labelled `role="group"` of `aria-pressed` buttons; the arrows, Home and End only
 *   move, Space/Enter/click toggles.
 * Items are named by `value` and listed in order by the root's `values`, so the tab stop is known
 * on the first render (server markup included) without registering anything. Each part takes
 * `asChild` (Radix's Slot): your element gets its role, state, tab stop and handlers.
 */

const isButton = (element: Element) => element.tagName === "BUTTON";

/** `asChild`: render as your element (Radix's Slot) instead of the part's own. */
interface AsChild {
  asChild?: boolean | undefined;
}

interface RowContextValue {
  readonly tabStop: string | undefined;
  readonly register: (value: string) => (element: HTMLButtonElement | null) => void;
  readonly onItemFocus: (value: string) => void;
}

/** Focus moves among the row's buttons by `moveInRow`; returns the value it moved to. */
function useRow(values: readonly string[], tabStop: string | undefined, onItemFocus: (value: string) => void) {
  const elements = useRef(new Map<string, HTMLButtonElement>()).current;
  const context: RowContextValue = {
    tabStop,
    register: (value) => (element) => {
      if (element) elements.set(value, element);
      else elements.delete(value);
    },
    onItemFocus,
  };
  const move = (event: KeyboardEvent<HTMLElement>): string | undefined => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return undefined;
    const { target } = event;
    const from = values.findIndex((value) => target instanceof Node && elements.get(value)?.contains(target));
    if (from < 0) return undefined;
    const to = moveInRow(from, event.key, values.length, (index) => {
      const element = elements.get(values[index] ?? "");
      return !element || element.disabled;
    });
    const value = to === undefined ? undefined : values[to];
    if (value === undefined || to === from) return undefined;
    event.preventDefault();
    elements.get(value)?.focus();
    return value;
  };
  return { context, move };
}

// ── Radio group ─────────────────────────────────────────────────────────────────────────────────

const RadioContext = createContext<(RowContextValue & { value: string | null; check: (v: string) => void }) | null>(
  null,
);

function useRadio() {
  const context = useContext(RadioContext);
  if (!context) throw new Error("hitl-kit: RadioGroup.Item must be inside RadioGroup.Root");
  return context;
}

export interface RadioGroupRootProps
  extends Omit<ComponentPropsWithoutRef<"div">, "onChange" | "defaultValue">,
    AsChild {
  /** Every item's value, in the order they render. */
  values: readonly string[];
  /** The checked value; `null` or `""` when none is. */
  value: string | null;
  onValueChange: (value: string) => void;
}

function RadioRoot({ asChild, values, value, onValueChange, onKeyDown, children, ...props }: RadioGroupRootProps) {
  const checked = value !== null && values.includes(value) ? value : null;
  const { context, move } = useRow(values, checked ?? values[0], () => {});
  const Root = asChild ? Slot : "div";
  return (
    <RadioContext.Provider value={{ ...context, value: checked, check: onValueChange }}>
      <Root
        role="radiogroup"
        {...props}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          const moved = move(event);
          if (moved !== undefined) onValueChange(moved);
        }}
      >
        {children}
      </Root>
    </RadioContext.Provider>
  );
}

export interface RadioGroupItemProps extends Omit<ComponentPropsWithoutRef<"button">, "value">, AsChild {
  value: string;
}

function RadioItem({ asChild, value, onClick, onKeyDown, children, ...props }: RadioGroupItemProps) {
  const group = useRadio();
  const checked = group.value === value;
  const Item = asChild ? Slot : "button";
  return (
    // A button with role="radio", not an <input type="radio">: an item holds rich content (a shape,
    // a label, a ratio) an input cannot; this is the APG radio pattern, as Radix renders it.
    <Item
      type={asChild ? undefined : "button"}
      role="radio"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      tabIndex={group.tabStop === value ? 0 : -1}
      ref={group.register(value)}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.check(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A radio is checked by Space, never Enter (WAI-ARIA): Enter must not submit a form either.
        if (event.key === "Enter") event.preventDefault();
        // A button clicks itself on Space; your element (asChild) may not be one.
        if (event.key === " " && !isButton(event.currentTarget) && !event.defaultPrevented) {
          event.preventDefault();
          group.check(value);
        }
      }}
    >
      {children}
    </Item>
  );
}

/** Rendered only while its radio is checked (a dot, styled by the widget). */
function RadioIndicator({ asChild, value, ...props }: ComponentPropsWithoutRef<"span"> & AsChild & { value: string }) {
  const group = useRadio();
  const Indicator = asChild ? Slot : "span";
  return group.value === value ? <Indicator data-state="checked" {...props} /> : null;
}

export const RadioGroup = { Root: RadioRoot, Item: RadioItem, Indicator: RadioIndicator };

// ── Toggle row ──────────────────────────────────────────────────────────────────────────────────

const ToggleContext = createContext<
  (RowContextValue & { pressed: readonly string[]; toggle: (value: string) => void }) | null
>(null);

export interface ToggleRowProps extends Omit<ComponentPropsWithoutRef<"div">, "onChange">, AsChild {
  /** Every toggle's value, in the order they render. */
  values: readonly string[];
  /** The values pressed. */
  pressed: readonly string[];
  onPressedChange: (pressed: string[]) => void;
  /** The group's accessible name. */
  "aria-label": string;
  children: ReactNode;
}

function ToggleRowRoot({ asChild, values, pressed, onPressedChange, onKeyDown, children, ...props }: ToggleRowProps) {
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const tabStop = focused !== undefined && values.includes(focused) ? focused : values[0];
  const { context, move } = useRow(values, tabStop, setFocused);
  const toggle = (value: string) =>
    onPressedChange(pressed.includes(value) ? pressed.filter((other) => other !== value) : [...pressed, value]);
  const Root = asChild ? Slot : "div";
  return (
    <ToggleContext.Provider value={{ ...context, pressed, toggle }}>
      {/* role="group", not a fieldset: a fieldset brings legend layout to a row of buttons; aria-label names it the same. */}
      <Root
        role="group"
        {...props}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          move(event);
        }}
      >
        {children}
      </Root>
    </ToggleContext.Provider>
  );
}

function ToggleItem({ asChild, value, onClick, onFocus, onKeyDown, ...props }: RadioGroupItemProps) {
  const row = useContext(ToggleContext);
  if (!row) throw new Error("hitl-kit: ToggleRow.Item must be inside ToggleRow.Root");
  const on = row.pressed.includes(value);
  const Item = asChild ? Slot : "button";
  return (
    <Item
      type={asChild ? undefined : "button"}
      aria-pressed={on}
      data-state={on ? "on" : "off"}
      tabIndex={row.tabStop === value ? 0 : -1}
      ref={row.register(value)}
      {...props}
      onFocus={(event) => {
        onFocus?.(event);
        row.onItemFocus(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A button clicks itself on Space and Enter; your element (asChild) may not be one.
        if ((event.key === " " || event.key === "Enter") && !isButton(event.currentTarget) && !event.defaultPrevented) {
          event.preventDefault();
          row.toggle(value);
        }
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) row.toggle(value);
      }}
    />
  );
}

export const ToggleRow = { Root: ToggleRowRoot, Item: ToggleItem };
