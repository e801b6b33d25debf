"use client";
import { useId } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type MediaItem, mediaKind } from "../../kinds/media";
import { useLabels } from "../../react/labels";
import type { RemoteCollection } from "../../react/use-remote-collection";
import { type HitlWidgetProps, isInteractive } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import { useMachine } from "../shared/use-machine";
import { type MediaCollectionInput, sameSource } from "./collection";
import { connect, type MediaPickerApi } from "./connect";
import { mediaLabels } from "./labels";
import { initialState, sameIds, transition } from "./machine";

export type MediaPickerRequest = RequestOf<typeof mediaKind>;
export type MediaPickerResponse = ResponseOf<typeof mediaKind>;

export interface MediaPickerProps extends HitlWidgetProps<MediaPickerRequest, MediaPickerResponse> {
  /** The selected ids in the order they were chosen (controlled). */
  value?: string[];
  /** The initial selection when uncontrolled. @default [] */
  defaultValue?: string[];
  /** Called with the selected ids, in the order they were chosen, whenever the selection changes. */
  onValueChange?: (ids: string[]) => void;
  /** A fixed number of columns instead of fitting tiles of `tileSize` into the grid's width. */
  columns?: number;
  /** The smallest tile width in pixels when columns are fitted to the width. @default 120 */
  tileSize?: number;
}

export interface UseMediaPickerProps
  extends Pick<MediaPickerProps, "payload" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit"> {
  /** The inline items, or the remote collection's items loaded so far for the current search. */
  readonly items: readonly MediaItem[];
  /** Set when the request names a collection the app serves (`source`). */
  readonly remote?: RemoteCollection<MediaItem> | undefined;
}

/**
 * The media picker in React: the machine in `useReducer`, new items (a remote page, a new search)
 * and a controlled `value` taken in the render that brings them, `onValueChange` told of each
 * change the person makes, and the `connect` API. `onDecline` is not here: it goes straight to
 * the shell, whose own guard sends one decline.
 */
export function useMediaPicker(props: UseMediaPickerProps): MediaPickerApi {
  const { payload, items, remote, value, defaultValue, onValueChange, status = "open", onSubmit } = props;
  const labels = useLabels("media", mediaLabels);
  const id = useId();
  const input: MediaCollectionInput = { items, min: payload.min, max: payload.max, remote: !!remote, labels };
  const [state, send] = useMachine(
    transition,
    input,
    (first) => initialState(first, { selected: value ?? defaultValue }),
    (change) => onValueChange?.([...change]),
  );
  // React's "adjusting state when a prop changes": nothing stale is ever shown.
  if (!sameSource(state.collection, input)) send({ type: "collection-changed", ...input });
  if (value !== undefined && !sameIds(value, state.selected)) send({ type: "value-changed", selected: value });

  const reply = useAnswer({ kind: mediaKind, payload, status, onSubmit });
  return connect(state, send, {
    id,
    labels,
    status,
    interactive: isInteractive(status),
    hasMore: remote?.hasMore ?? false,
    // A remote answer is checked against what the loader returned: the chosen ids' loaded items.
    submit: (answer) =>
      reply.submit(answer, remote && { items: answer.selected.flatMap((chosen) => remote.known(chosen) ?? []) }),
  });
}

export interface MediaPickerContextValue {
  readonly api: MediaPickerApi;
  readonly remote: RemoteCollection<MediaItem> | undefined;
  /** The answer the receipt shows. */
  readonly answer: MediaPickerResponse | undefined;
  readonly columns: number | undefined;
  readonly tileSize: number;
}

export const [MediaPickerProvider, useMediaPickerContext] = createWidgetContext<MediaPickerContextValue>("MediaPicker");
