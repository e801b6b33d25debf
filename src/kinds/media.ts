import { z } from "zod";
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
      items: listSchema(mediaItemSchema, { min: 1, max: MAX_ITEMS, noun: "items" }).superRefine(
        uniqueKey("id", "items"),
      ),
      min: z.int().min(0, "Must be 0 or more").default(1),
      // May exceed the number of items: the widget clamps it.
      max: z.int().min(1, "Must be 1 or more").default(1),
    })
    .superRefine((request, ctx) => {
      if (request.min > request.max) {
        ctx.addIssue({
          code: "custom",
          path: ["min"],
          message: `min (${request.min}) is greater than max (${request.max})`,
        });
      }
      if (request.min > request.items.length) {
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
      ids: new Map(request.items.map((item) => [item.id, false])),
      min: request.min,
      max: request.max,
      noun: "item",
    }),
});

export type MediaItem = z.output<typeof mediaItemSchema>;
export type MediaRequest = z.output<typeof mediaKind.request>;
export type MediaResponse = z.output<typeof mediaKind.response>;
