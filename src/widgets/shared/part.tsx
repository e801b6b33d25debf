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
  const inner = contentOf({ asChild, children }, content);
  if (!asChild) return <Slot {...own}>{createElement(tag, props, inner)}</Slot>;
  return (
    <Slot {...own}>
      <Slot {...props}>{inner}</Slot>
    </Slot>
  );
}

/**
 * What a part renders inside: your children, else the part's `content`; with `asChild`, your
 * element, given the part's content when it has none of its own. Also for a part that hands
 * `asChild` on to another part with content of its own (a form over the shell's form, the
 * approval's row over the shell's actions).
 */
export function contentOf(
  { asChild, children }: { asChild?: boolean | undefined; children?: ReactNode },
  content: ReactNode,
): ReactNode {
  if (!asChild) return children ?? content;
  const empty = isValidElement<{ children?: ReactNode }>(children) && children.props.children === undefined;
  return empty ? cloneElement(children, undefined, content) : children;
}
