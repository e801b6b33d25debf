"use client";
import { Slot } from "@radix-ui/react-slot";
import {
  type ComponentPropsWithoutRef,
  cloneElement,
  createElement,
  isValidElement,
  type JSX,
  type ReactNode,
} from "react";

/**
 * One element of a widget's parts: the part's own props (a connect getter's, plus its class) on
 * `tag`, or with `asChild` on your element instead (Radix's Slot): handlers both run (yours
 * first), classes join, your other props win; an element of yours without content gets the
 * part's (its text, or a container's default parts).
 */

export type PartTag = keyof JSX.IntrinsicElements;
export type PartProps<T extends PartTag> = ComponentPropsWithoutRef<T> & { asChild?: boolean };

export function part(
  tag: PartTag,
  own: object,
  { asChild, children, ...props }: { asChild?: boolean | undefined; children?: ReactNode },
  content?: ReactNode,
) {
  if (!asChild) return <Slot {...own}>{createElement(tag, props, children ?? content)}</Slot>;
  return (
    <Slot {...own}>
      <Slot {...props}>{filled(children, content)}</Slot>
    </Slot>
  );
}

/**
 * Your `asChild` element, with the part's content when it has none of its own: for a part that
 * hands `asChild` on to another part (a form part over the shell's form) with its own content.
 */
export function filled(children: ReactNode, content: ReactNode): ReactNode {
  const empty = isValidElement<{ children?: ReactNode }>(children) && children.props.children === undefined;
  return empty ? cloneElement(children, undefined, content) : children;
}
