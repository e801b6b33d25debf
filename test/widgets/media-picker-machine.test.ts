import { type MediaItem, mediaKind } from "../../src/kinds/media";
import type { MediaCollectionInput } from "../../src/widgets/media-picker/collection";
import { connect, type MediaPickerConnectContext, type MediaTile } from "../../src/widgets/media-picker/connect";
import { mediaLabels } from "../../src/widgets/media-picker/labels";
import {
  highlightedIndex,
  initialState,
  type MediaPickerEvent,
  type MediaPickerState,
  orderOf,
  resolveKey,
  transition,
  valueToSend,
} from "../../src/widgets/media-picker/machine";
import type { MessageIssue, SubmitOutcome } from "../../src/widgets/shared/connect-types";
import { sourceImports } from "./source-imports";

/** The machine without React: state in, events through `transition`, state out. */

function items(alts: string[]): MediaItem[] {
  return mediaKind.request.parse({
    kind: "media",
    items: alts.map((alt, index) => ({ id: `m${index}`, url: `https://cdn.example/${index}.jpg`, alt })),
  }).items;
}

/** Nine photos a…i (ids m0…m8). */
const nine = items(["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((letter) => `Photo ${letter}`));

function input(overrides: Partial<MediaCollectionInput> = {}): MediaCollectionInput {
  return { items: nine, min: 1, max: 3, remote: false, labels: mediaLabels, ...overrides };
}

function run(state: MediaPickerState, ...events: MediaPickerEvent[]): MediaPickerState {
  return events.reduce(transition, state);
}

const key = (name: string, now = 1_000, extra = {}): MediaPickerEvent => ({
  type: "key",
  key: name,
  now,
  columns: 4,
  pageRows: 2,
  ...extra,
});

describe("media picker machine", () => {
  it("should keep the choices in the order they were chosen and number them so", () => {
    const state = run(
      initialState(input()),
      { type: "toggle", id: "m5" },
      { type: "toggle", id: "m0" },
      { type: "toggle", id: "m2" },
    );
    expect(state.selected).toEqual(["m5", "m0", "m2"]);
    expect(valueToSend(state)).toEqual({ selected: ["m5", "m0", "m2"] });
    // Unchoosing the first renumbers the rest.
    const after = transition(state, { type: "toggle", id: "m5" });
    expect([...orderOf(after)]).toEqual([
      ["m0", 1],
      ["m2", 2],
    ]);
    expect(after.lastChange).toBe(after.selected);
  });

  it("should refuse a choice past max with a notice, keep the first ones, and clear the notice on the next change", () => {
    const full = run(initialState(input({ max: 2 })), { type: "toggle", id: "m0" }, { type: "toggle", id: "m1" });
    const refused = transition(full, { type: "toggle", id: "m2" });
    expect(refused.selected).toEqual(["m0", "m1"]);
    expect(refused.notice).toBe("max-reached");
    // Saying it again changes nothing.
    expect(transition(refused, { type: "toggle", id: "m3" })).toBe(refused);
    expect(transition(refused, { type: "toggle", id: "m0" }).notice).toBeUndefined();
  });

  it("given max 1, should replace the choice instead of refusing it", () => {
    const state = run(initialState(input({ max: 1 })), { type: "toggle", id: "m0" }, { type: "toggle", id: "m1" });
    expect(state.selected).toEqual(["m1"]);
    expect(state.notice).toBeUndefined();
    expect(state.collection.multiple).toBe(false);
  });

  it("should clamp max to the inline items, but keep the request's for a remote collection", () => {
    expect(initialState(input({ items: nine.slice(0, 2), max: 5 })).collection.bounds.max).toBe(2);
    expect(initialState(input({ items: [], max: 5, remote: true })).collection.bounds.max).toBe(5);
    // Never below 1, even with nothing loaded yet.
    expect(initialState(input({ items: [], remote: false })).collection.bounds.max).toBe(1);
  });

  it("should never choose an id the grid does not offer, yet let a stale one be unchosen", () => {
    const stale = initialState(input(), { selected: ["ghost"] });
    expect(transition(stale, { type: "toggle", id: "nope" })).toBe(stale);
    expect(transition(stale, { type: "toggle", id: "ghost" }).selected).toEqual([]);
  });

  it("should show the issues of a refused submit until the selection changes", () => {
    const refused = transition(initialState(input()), { type: "refused", issues: ["Select at least 1 item"] });
    expect(refused.issues).toEqual(["Select at least 1 item"]);
    const past = run(refused, { type: "toggle", id: "m0" });
    expect(past.issues).toEqual([]);
    expect(transition(refused, { type: "sent" }).issues).toEqual([]);
  });

  it("should start the tab stop on the first chosen item the grid shows", () => {
    expect(initialState(input(), { selected: ["ghost", "m4", "m1"] }).highlighted).toBe(4);
    expect(initialState(input(), { selected: ["ghost"] }).highlighted).toBe(0);
  });

  it("should move through the grid by rows and columns, and page by the rows that fit", () => {
    const state = initialState(input());
    // a → b → f (one row of 4 down)
    const moved = run(state, key("ArrowRight"), key("ArrowDown"));
    expect(highlightedIndex(moved)).toBe(5);
    expect(highlightedIndex(run(moved, key("ArrowUp"), key("ArrowLeft")))).toBe(0);
    expect(highlightedIndex(run(state, key("End")))).toBe(8);
    expect(highlightedIndex(run(state, key("End"), key("Home")))).toBe(0);
    // From b, two rows down is past the end, and the last row has no second column: the last item.
    expect(highlightedIndex(run(state, key("ArrowRight"), key("PageDown")))).toBe(8);
    // Keys the grid leaves alone: Space and Enter (the renderer toggles), Alt and Meta combinations.
    for (const event of [key(" "), key("Enter"), key("ArrowDown", 1_000, { altKey: true }), key("Tab")]) {
      expect(resolveKey(state, event as never)).toBeUndefined();
      expect(transition(state, event)).toBe(state);
    }
  });

  it("should move to the next item whose name starts with the typed letters, cycling on a repeated letter", () => {
    const fruit = initialState(input({ items: items(["Apple", "Banana", "Cherry", "Blackberry"]) }));
    const first = transition(fruit, key("b", 1_000));
    expect(highlightedIndex(first)).toBe(1);
    expect(highlightedIndex(transition(first, key("b", 1_100)))).toBe(3);
    // "bl" typed quickly goes to Blackberry; after a pause, "c" starts anew.
    expect(highlightedIndex(run(fruit, key("b", 1_000), key("l", 1_100)))).toBe(3);
    expect(highlightedIndex(run(fruit, key("b", 1_000), key("c", 2_000)))).toBe(2);
    // Space while typing is part of the name, not a toggle.
    expect(resolveKey(first, key(" ", 1_050) as never)).toBeDefined();
  });

  it("should name items without alt by position for type-ahead, with the labels given", () => {
    const unnamed = mediaKind.request.parse({
      kind: "media",
      items: [
        { id: "x", url: "https://cdn.example/x.jpg", alt: "Zebra" },
        { id: "y", url: "https://cdn.example/y.mp4", mediaType: "video" },
      ],
    }).items;
    const labels = { ...mediaLabels, itemFallback: (position: number) => `Élément ${position}` };
    const state = initialState(input({ items: unnamed, labels }));
    expect(highlightedIndex(transition(state, key("é")))).toBe(1);
    expect(highlightedIndex(transition(initialState(input({ items: unnamed })), key("i")))).toBe(1);
  });

  it("should keep the tab stop in the items as a remote collection changes, and take a reset to 0", () => {
    const remote = initialState(input({ items: nine, remote: true }));
    const far = transition(remote, { type: "highlight", index: 8 });
    expect(highlightedIndex(far)).toBe(8);
    // A new search with three results: the tab stop is clamped until the renderer resets it.
    const fewer = transition(far, { type: "collection-changed", ...input({ items: nine.slice(0, 3), remote: true }) });
    expect(highlightedIndex(fewer)).toBe(2);
    expect(highlightedIndex(transition(fewer, { type: "highlight", index: 0 }))).toBe(0);
    // Nothing loaded: index 0 still, and no other.
    const empty = transition(far, { type: "collection-changed", ...input({ items: [], remote: true }) });
    expect(highlightedIndex(empty)).toBe(0);
    expect(transition(empty, { type: "highlight", index: 3 })).toBe(empty);
    // The same items again change nothing.
    expect(transition(far, { type: "collection-changed", ...input({ items: nine, remote: true }) })).toBe(far);
  });

  it("should remember a thumbnail that failed, once", () => {
    const broken = transition(initialState(input()), { type: "thumbnail-error", id: "m1" });
    expect(broken.broken.has("m1")).toBe(true);
    expect(transition(broken, { type: "thumbnail-error", id: "m1" })).toBe(broken);
  });

  it("should follow a controlled value, keeping the state when it is the same", () => {
    const state = initialState(input());
    const controlled = transition(state, { type: "value-changed", selected: ["m2", "m1"] });
    expect(controlled.selected).toEqual(["m2", "m1"]);
    expect(controlled.lastChange).toBeUndefined();
    expect(transition(controlled, { type: "value-changed", selected: ["m2", "m1"] })).toBe(controlled);
  });
});

/** A store of one machine, as a framework adapter would keep it. */
function picker(
  collection = input(),
  outcome: SubmitOutcome<MessageIssue> = { type: "sent" },
  overrides: Partial<MediaPickerConnectContext> = {},
) {
  let state = initialState(collection);
  const submitted: unknown[] = [];
  const send = (event: MediaPickerEvent) => {
    state = transition(state, event);
  };
  const context: MediaPickerConnectContext = {
    id: "mp",
    labels: mediaLabels,
    status: "open",
    interactive: true,
    hasMore: false,
    submit: (value) => {
      submitted.push(value);
      return outcome;
    },
    ...overrides,
  };
  return { api: () => connect(state, send, context), state: () => state, submitted };
}

function tile(api: ReturnType<typeof connect>, index: number): MediaTile {
  const found = api.tileAt(index);
  if (!found) throw new Error(`no tile ${index}`);
  return found;
}

function keyEvent(name: string, extra: Partial<{ repeat: boolean; altKey: boolean; onItem: boolean }> = {}) {
  const { onItem = true, ...rest } = extra;
  const event = {
    key: name,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    timeStamp: 1_000,
    defaultPrevented: false,
    target: {
      hasAttribute: (attribute: string) => onItem && attribute === "data-item-index",
    } as unknown as EventTarget,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...rest,
  };
  return event;
}

describe("media picker connect", () => {
  it("should give each option its name, state, place in the set and the one tab stop", () => {
    const mp = picker();
    mp.api().toggle("m1");
    const api = mp.api();
    expect(api.getItemProps(tile(api, 1))).toMatchObject({
      role: "option",
      tabIndex: -1,
      "data-item-index": 1,
      "aria-selected": true,
      "aria-setsize": 9,
      "aria-posinset": 2,
      "aria-label": "Photo b",
      "aria-describedby": "mp-order-1",
      "data-slot": "item",
      "data-state": "selected",
      "data-highlighted": undefined,
    });
    expect(api.getItemProps(tile(api, 0))).toMatchObject({
      tabIndex: 0,
      "data-highlighted": "",
      "aria-selected": false,
    });
    expect(api.getOrderTextProps(tile(api, 1))).toEqual({ id: "mp-order-1", hidden: true });
    expect(api.texts.count).toBe("1 of 3 selected");
    // A remote collection with more pages does not know its size.
    expect(picker(input(), undefined, { hasMore: true }).api().getItemProps(tile(api, 0))["aria-setsize"]).toBe(-1);
  });

  it("should click to highlight and toggle, and not toggle while the answer cannot be given", () => {
    const mp = picker();
    mp.api().getItemProps(tile(mp.api(), 4)).onClick();
    expect(mp.state().selected).toEqual(["m4"]);
    expect(mp.api().highlightedIndex).toBe(4);
    const busy = picker(input(), undefined, { interactive: false, status: "submitting" });
    busy.api().getItemProps(tile(busy.api(), 2)).onClick();
    expect(busy.state().selected).toEqual([]);
    expect(busy.api().highlightedIndex).toBe(2);
    expect(
      busy.api().getGridProps({ columns: 4, pageRows: () => 2, focusIndex: () => {}, labelledBy: "p" }),
    ).toMatchObject({
      "aria-disabled": true,
      "data-state": "submitting",
    });
  });

  it("should move with the grid's keys, focus where it moved, toggle with Space and Enter (not repeated), and leave the rest", () => {
    const mp = picker();
    const focused: number[] = [];
    const environment = {
      columns: 4,
      pageRows: () => 2,
      focusIndex: (index: number) => focused.push(index),
      labelledBy: "p",
    };
    const grid = () => mp.api().getGridProps(environment);
    expect(grid()).toMatchObject({
      role: "listbox",
      "aria-labelledby": "p",
      "aria-multiselectable": true,
      "aria-describedby": "mp-count",
    });
    const down = keyEvent("ArrowDown");
    grid().onKeyDown(down);
    expect(down.prevented).toBe(true);
    expect(focused).toEqual([4]);
    const enter = keyEvent("Enter");
    grid().onKeyDown(enter);
    expect(enter.prevented).toBe(true);
    expect(mp.state().selected).toEqual(["m4"]);
    // A held key toggles once.
    const held = keyEvent(" ", { repeat: true });
    grid().onKeyDown(held);
    expect(held.prevented).toBe(true);
    expect(mp.state().selected).toEqual(["m4"]);
    grid().onKeyDown(keyEvent(" "));
    expect(mp.state().selected).toEqual([]);
    for (const event of [
      keyEvent("ArrowDown", { altKey: true }),
      keyEvent("ArrowDown", { onItem: false }),
      keyEvent("Tab"),
    ]) {
      grid().onKeyDown(event);
      expect(event.prevented).toBe(false);
    }
    expect(focused).toEqual([4]);
  });

  it("should describe a broken item, and show a failed thumbnail as broken", () => {
    const mixed = mediaKind.request.parse({
      kind: "media",
      items: [
        { id: "x", url: "javascript:alert(1)", alt: "Evil" },
        { id: "y", url: "https://cdn.example/y.jpg", alt: "Fine" },
        { id: "z", url: "https://cdn.example/z.mp3", mediaType: "audio" },
      ],
      max: 3,
    }).items;
    const mp = picker(input({ items: mixed }));
    const api = mp.api();
    expect(tile(api, 0)).toMatchObject({ thumbnail: "broken", src: undefined });
    expect(api.getItemProps(tile(api, 0))["aria-describedby"]).toBe("mp-broken-0");
    expect(api.getPlaceholderTextProps(tile(api, 0))).toEqual({
      "data-slot": "placeholder-text",
      id: "mp-broken-0",
      "aria-hidden": true,
    });
    expect(tile(api, 2)).toMatchObject({ thumbnail: "empty", name: "Item 3 (audio)" });
    expect(api.getPlaceholderTextProps(tile(api, 2)).id).toBeUndefined();
    const image = api.getThumbnailImageProps(tile(api, 1));
    expect(image).toMatchObject({ src: "https://cdn.example/y.jpg", alt: "", loading: "lazy" });
    image.onError();
    expect(tile(mp.api(), 1).thumbnail).toBe("broken");
    expect(mp.api().getThumbnailProps(tile(mp.api(), 1))["data-state"]).toBe("broken");
  });

  it("should submit in the order chosen, show the schema's issues once each, and clear them once sent", () => {
    const issues = [{ message: "Too few" }, { message: "Too few" }];
    const mp = picker(input({ min: 2 }), { type: "invalid", issues });
    mp.api().toggle("m3");
    mp.api().toggle("m1");
    mp.api().submit();
    expect(mp.submitted).toEqual([{ selected: ["m3", "m1"] }]);
    expect(mp.state().issues).toEqual(["Too few"]);
    const ignored = picker(input(), { type: "ignored" });
    const before = ignored.state();
    ignored.api().submit();
    expect(ignored.state()).toBe(before);
  });

  it("should say why a choice past max was refused, in the live message", () => {
    const mp = picker(input({ max: 1 }));
    expect(
      mp.api().getGridProps({ columns: 4, pageRows: () => 1, focusIndex: () => {}, labelledBy: undefined })[
        "aria-multiselectable"
      ],
    ).toBeUndefined();
    const full = picker(input({ max: 2 }));
    for (const id of ["m0", "m1", "m2"]) full.api().toggle(id);
    expect(full.api().texts.message).toBe("You can choose up to 2.");
    expect(full.api().getMessageProps()).toEqual({ role: "status", "aria-live": "polite", "data-slot": "message" });
  });
});

describe("media picker machine modules", () => {
  it("given connect, the machine and everything they import, should import nothing but zod and the RE2 engine (no React, no DOM library)", () => {
    const { files: seen, outside } = sourceImports("src/widgets/media-picker/connect.ts");
    expect(seen.size).toBeGreaterThan(4);
    expect(outside.filter((specifier) => specifier !== "zod" && specifier !== "re2js")).toEqual([]);
  });
});

describe("hitl-kit/widgets", () => {
  it("should export the media picker's machine, connect, hook and anatomy for headless use", async () => {
    const widgets = await import("../../src/widgets/index");
    const state = widgets.mediaPickerMachine.initialState(input());
    const next = widgets.mediaPickerMachine.transition(state, { type: "toggle", id: "m2" });
    expect(widgets.mediaPickerMachine.valueToSend(next)).toEqual({ selected: ["m2"] });
    expect(typeof widgets.connectMediaPicker).toBe("function");
    expect(typeof widgets.useMediaPicker).toBe("function");
    expect(widgets.mediaPickerAnatomy.item).toBe("item");
  });
});
