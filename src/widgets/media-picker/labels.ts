import type { MediaItem } from "../../kinds/media";

type MediaType = MediaItem["mediaType"];

/** Strings of the media picker (namespace `media`). */
export const mediaLabels = {
  submit: "Submit",
  /** Badge on video and audio tiles. */
  image: "Image",
  video: "Video",
  audio: "Audio",
  /** The name of an item that has alt text; video and audio say what they are. */
  itemName: (alt: string, mediaType: MediaType): string => (mediaType === "image" ? alt : `${alt} (${mediaType})`),
  /** The name of an item without alt text, by its position in the grid. */
  itemFallback: (position: number, mediaType: MediaType): string => `Item ${position} (${mediaType})`,
  /** What the order badge of a selected item says to a screen reader. */
  order: (position: number): string => `Choice ${position}`,
  /** Shown in place of a thumbnail that failed to load or whose URL was refused. */
  broken: "Can't show this item",
  /** Shown on a video or audio tile that has no still. */
  noPreview: "No preview",
  previewLabel: "Preview",
  count: (selected: number, min: number, max: number): string => {
    if (max === 1) return selected === 0 ? "None selected" : "1 selected";
    const base = `${selected} of ${max} selected`;
    return selected < min && min !== max ? `${base} (at least ${min})` : base;
  },
  maxReached: (max: number): string => `You can choose up to ${max}.`,
  receiptEmpty: "Nothing selected.",
  receiptMore: (more: number): string => `and ${more} more`,
};
export type MediaLabels = typeof mediaLabels;
