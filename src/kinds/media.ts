import { z } from "zod";
import { collectionSourceSchema, sourceOrItems } from "./collection";
import { defineKind } from "./define-kind";
import { MAX_ITEMS, MAX_LABEL_LENGTH } from "./limits";
import { checkSelection, selectionResponseSchema } from "./multi-select";
import { idSchema, listSchema, plural, tooLong, uniqueKey, urlSchema } from "./schema-parts";

export const mediaTypeSchema = z.enum(["image", "video", "audio"]);

const dimension = z.int().positive("Must be a positive whole number of pixels");

export const mediaItemSchema = z.object({
  id: idSchema,
  url: urlSchema,
  thumbnailUrl: urlSchema.optional(),
  /** Empty means decorative; the widget then labels the item by its position. */
  alt: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).default(""),
  mediaType: mediaTypeSchema.default("image"),
  width: dimension.optional(),
  height: dimension.optional(),
  /** A still shown for video or audio before it plays. */
  posterUrl: urlSchema.optional(),
});

export const mediaKind = defineKind({
  kind: "media",
  request: z
    .object({
      /** The items to choose from; empty when `source` names a collection the app serves instead. */
      items: listSchema(mediaItemSchema, { max: MAX_ITEMS, noun: "items" })
        .superRefine(uniqueKey("id", "items"))
        .default([]),
      /** A collection the app serves (paged and searched by its loader) instead of `items`. */
      source: collectionSourceSchema.optional(),
      min: z.int().min(0, "Must be 0 or more").default(1),
      // May exceed the number of items: the widget clamps it.
      max: z.int().min(1, "Must be 1 or more").default(1),
    })
    .superRefine(sourceOrItems("items", "item"))
    .superRefine((request, ctx) => {
      if (request.min > request.max) {
        ctx.addIssue({
          code: "custom",
          path: ["min"],
          message: `min (${request.min}) is greater than max (${request.max})`,
        });
      }
      // A remote collection's size is the loader's business.
      if (request.source === undefined && request.items.length > 0 && request.min > request.items.length) {
        ctx.addIssue({
          code: "custom",
          path: ["min"],
          message: `min (${request.min}) is more than the ${plural(request.items.length, "item")}: the question cannot be answered`,
        });
      }
    }),
  response: selectionResponseSchema,
  check: (request, response) =>
    checkSelection(response.selected, {
      // Items a remote collection served cannot be known here (a server, before `withItems`): only
      // counts and repeats are checked; the widget checks ids against what its loader returned.
      ids: request.source === undefined ? new Map(request.items.map((item) => [item.id, false])) : undefined,
      min: request.min,
      max: request.max,
      noun: "item",
    }),
  collection: {
    item: mediaItemSchema,
    itemId: (item) => item.id,
    sourceOf: (request) => request.source,
    withItems: ({ source: _source, ...request }, items) => ({ ...request, items: [...items] }),
  },
});

export type MediaItem = z.output<typeof mediaItemSchema>;
export type MediaRequest = z.output<typeof mediaKind.request>;
export type MediaResponse = z.output<typeof mediaKind.response>;
