"use client";
import type { ComponentPropsWithoutRef } from "react";
import type { CollectionSource } from "../../kinds/collection";
import { type MediaItem, mediaItemSchema } from "../../kinds/media";
import { type RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import { splitShellProps } from "../shared/shell-props";
import { cx, ShellActions, ShellDecline, ShellPrompt, ShellRoot, ShellStatus } from "../shared/widget-shell";
import { Grid } from "./grid";
import { Count, Form, Issues, LoadStatus, Message, Preview, Receipt, Search, Submit } from "./parts";
import { type MediaPickerProps, MediaPickerProvider, useMediaPicker } from "./use-media-picker";

/**
 * A virtualized grid of thumbnails to choose one or several media items from, in order, with a
 * preview of the active one. Built as a pure machine (`machine.ts`), prop getters over it
 * (`connect.ts`), a hook holding it (`use-media-picker.ts`) and thin parts (`grid.tsx`,
 * `parts.tsx`), each part one `data-slot` (`anatomy.ts`).
 */

export type { MediaPickerGridProps } from "./grid";
export type { MediaPickerProps, MediaPickerRequest, MediaPickerResponse } from "./use-media-picker";

const noIds: string[] = [];

export interface MediaPickerRootProps
  extends Omit<MediaPickerProps, "prompt">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

/**
 * Inline items come with the payload; a request that names a `source` gets its items from the
 * loader the app registered for it, page by page (`useRemoteCollection`).
 */
function Root(props: MediaPickerRootProps) {
  const { source } = props.payload;
  return source ? <RemoteRoot {...props} source={source} /> : <RootView {...props} items={props.payload.items} />;
}

const mediaItemId = (item: MediaItem) => item.id;

function RemoteRoot({ source, ...props }: MediaPickerRootProps & { source: CollectionSource }) {
  const remote = useRemoteCollection({ source, item: mediaItemSchema, itemId: mediaItemId, scope: "media" });
  return <RootView {...props} items={remote.items} remote={remote} />;
}

function RootView({
  items,
  remote,
  ...props
}: MediaPickerRootProps & { items: readonly MediaItem[]; remote?: RemoteCollection<MediaItem> }) {
  const [
    shell,
    {
      payload,
      answer,
      onSubmit,
      value,
      defaultValue = noIds,
      onValueChange,
      columns,
      tileSize = 120,
      className,
      ...rest
    },
  ] = splitShellProps(props);
  const { status } = shell;
  const api = useMediaPicker({ payload, items, remote, value, defaultValue, onValueChange, status, onSubmit });
  return (
    <MediaPickerProvider value={{ api, remote, answer, columns, tileSize }}>
      <ShellRoot kind="media" {...shell} {...rest} className={cx("hitl-media", className)} />
    </MediaPickerProvider>
  );
}

/** A styled media picker: prompt, grid and preview, live count, Submit / Decline, status, receipt. */
export function MediaPicker({ prompt, ...props }: MediaPickerProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Form>
        <Search />
        <div data-slot="body" className="hitl-media-body">
          <Grid />
          <Preview />
        </div>
        <div data-slot="footer" className="hitl-media-footer">
          <Count />
          <Message />
        </div>
        <LoadStatus />
        <Issues />
        <ShellActions>
          <Submit />
          <ShellDecline />
        </ShellActions>
      </Form>
      <ShellStatus />
      <Receipt />
    </Root>
  );
}

MediaPicker.Root = Root;
MediaPicker.Prompt = ShellPrompt;
MediaPicker.Body = Form;
/** @deprecated the same part as `Body` (one name across widgets). */
MediaPicker.Form = Form;
MediaPicker.Grid = Grid;
MediaPicker.Preview = Preview;
MediaPicker.Count = Count;
MediaPicker.Search = Search;
MediaPicker.LoadStatus = LoadStatus;
MediaPicker.Message = Message;
MediaPicker.Issues = Issues;
MediaPicker.Actions = ShellActions;
MediaPicker.Submit = Submit;
MediaPicker.Decline = ShellDecline;
MediaPicker.Status = ShellStatus;
MediaPicker.Receipt = Receipt;
