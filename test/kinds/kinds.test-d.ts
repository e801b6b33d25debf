import { z } from "zod";
import { validateAnswer } from "../../src/core";
import {
  type ApprovalResponse,
  type AspectRatioResponse,
  type approvalKind,
  type aspectRatioKind,
  builtInKinds,
  type CollectionSource,
  defineKind,
  type FormValues,
  formDefaults,
  type ItemOf,
  type KindDefinition,
  type MediaItem,
  type MediaRequest,
  type MediaResponse,
  type MultiSelectRequest,
  mediaKind,
  type RequestOf,
  type ResponseOf,
  type Template,
  type templateKind,
} from "../../src/kinds";

const voiceKind = defineKind({
  kind: "voice",
  request: z.object({ voices: z.array(z.object({ id: z.string(), name: z.string() })).max(100) }),
  response: z.strictObject({ voiceId: z.string() }),
});

describe("kind type inference", () => {
  it("given the media kind, RequestOf should carry its items and kind literal", () => {
    expectTypeOf<RequestOf<typeof mediaKind>["kind"]>().toEqualTypeOf<"media">();
    expectTypeOf<RequestOf<typeof mediaKind>["items"][number]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<ResponseOf<typeof mediaKind>>().toEqualTypeOf<{ selected: string[] }>();
  });

  it("given the aspect-ratio kind, ResponseOf should be the ratio with its normalized sides", () => {
    expectTypeOf<ResponseOf<typeof aspectRatioKind>>().toEqualTypeOf<{
      ratio: string;
      width: number;
      height: number;
    }>();
  });

  it("given a user kind, RequestOf/ResponseOf should infer its request and response", () => {
    expectTypeOf<RequestOf<typeof voiceKind>>().toEqualTypeOf<
      { voices: { id: string; name: string }[] } & { kind: "voice" }
    >();
    expectTypeOf<ResponseOf<typeof voiceKind>>().toEqualTypeOf<{ voiceId: string }>();
  });

  it("given the approval kind, ResponseOf should be the decision union", () => {
    expectTypeOf<ResponseOf<typeof approvalKind>>().toEqualTypeOf<
      | { decision: "approve"; always?: true | undefined }
      | { decision: "deny"; note?: string | undefined }
      | { decision: "edit"; input: Record<string, string | number | boolean | string[] | null> }
    >();
  });
});

describe("exported request/response types", () => {
  it("given the media kind, its request type should have typed items, defaults applied, and the kind literal", () => {
    expectTypeOf<MediaRequest["kind"]>().toEqualTypeOf<"media">();
    expectTypeOf<MediaRequest["items"][number]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<MediaRequest["items"][number]["alt"]>().toEqualTypeOf<string>();
    expectTypeOf<MediaRequest["items"][number]["mediaType"]>().toEqualTypeOf<"image" | "video" | "audio">();
    expectTypeOf<MediaRequest["min"]>().toEqualTypeOf<number>();
    expectTypeOf<MediaResponse>().toEqualTypeOf<{ selected: string[] }>();
  });

  it("given the aspect-ratio kind, its response type should be the ratio with its normalized sides", () => {
    expectTypeOf<AspectRatioResponse>().toEqualTypeOf<{ ratio: string; width: number; height: number }>();
  });

  it("given the approval kind, its response type should be the decision union", () => {
    expectTypeOf<ApprovalResponse>().toEqualTypeOf<
      | { decision: "approve"; always?: true | undefined }
      | { decision: "deny"; note?: string | undefined }
      | { decision: "edit"; input: Record<string, string | number | boolean | string[] | null> }
    >();
  });

  it("given the multi-select kind, max should stay optional (defaulted by multiSelectBounds)", () => {
    expectTypeOf<MultiSelectRequest["max"]>().toEqualTypeOf<number | undefined>();
  });

  it("given a user kind, it should be a KindDefinition of its inferred request and response", () => {
    expectTypeOf(voiceKind).toExtend<
      KindDefinition<"voice", { voices: { id: string; name: string }[] } & { kind: "voice" }, { voiceId: string }>
    >();
  });

  it("given validateAnswer with a typed request, should infer the response type", () => {
    const request = {} as MediaRequest;
    const result = validateAnswer(mediaKind, request, {});
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<{ selected: string[] }>();
  });

  it("given formDefaults, should return form values", () => {
    expectTypeOf(formDefaults).returns.toEqualTypeOf<FormValues>();
  });

  it("given builtInKinds, each entry should keep its own kind literal", () => {
    expectTypeOf(builtInKinds["aspect-ratio"].kind).toEqualTypeOf<"aspect-ratio">();
    expectTypeOf(builtInKinds.approval.kind).toEqualTypeOf<"approval">();
  });

  it("given the media and template kinds, their remote items should be typed by the kind", () => {
    expectTypeOf<ItemOf<typeof mediaKind>>().toEqualTypeOf<MediaItem>();
    expectTypeOf<ItemOf<typeof templateKind>>().toEqualTypeOf<Template>();
    expectTypeOf<MediaRequest["source"]>().toEqualTypeOf<CollectionSource | undefined>();
    expectTypeOf<MediaRequest["items"]>().toEqualTypeOf<MediaItem[]>();
  });
});
