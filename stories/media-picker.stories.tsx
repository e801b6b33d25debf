import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { searchLibrary } from "../playground/shared/media-library";
import { mediaKind } from "../src/kinds/media";
import type { CollectionLoaders } from "../src/react/collections";
import {
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  rawPickerRequest,
  receiptItems,
  sendText,
  statePlays,
  storyHitl,
} from "./support";
import { photoAt, photoUrl, posterUrl, unsafeUrls } from "./support/media";

/**
 * MediaPicker (kind `media`): a virtualized grid of thumbnails, chosen in order within min/max.
 * Every play function operates the widget as a person would (the `Open` story by keyboard only)
 * and asserts the one answer the in-memory eve session received. Every image is an inline SVG
 * (`stories/support/media.ts`): no story touches the network.
 */

const PROMPT = "Pick up to 3 photos for the Lisbon travel post";

const lisbon = {
  items: [
    { id: "tram-28", url: photoUrl("city"), alt: "Yellow tram 28 climbing Rua da Graça" },
    { id: "belem-tower", url: photoUrl("sunset"), alt: "Belém Tower at sunset" },
    { id: "cascais-beach", url: photoUrl("coast"), alt: "Cascais beach in the early morning" },
    { id: "pena-palace", url: photoUrl("forest", { hue: 20 }), alt: "Pena Palace above the Sintra forest" },
    { id: "senhora-do-monte", url: photoUrl("night"), alt: "Night view from Miradouro da Senhora do Monte" },
    { id: "serra-da-estrela", url: photoUrl("mountains"), alt: "Snow on Serra da Estrela, a day trip north" },
    {
      id: "tagus-drone",
      url: "/media/tagus-drone.mp4",
      mediaType: "video",
      posterUrl: posterUrl("video", "coast", 10),
      alt: "Drone flight over the Tagus",
    },
    {
      id: "fado-mouraria",
      url: "/media/fado-mouraria.mp3",
      mediaType: "audio",
      posterUrl: posterUrl("audio"),
      alt: "Fado night in Mouraria",
    },
  ],
  min: 1,
  max: 3,
} satisfies PayloadOf<typeof mediaKind>;

const meta = {
  title: "Widgets/MediaPicker",
  ...hitlMeta,
  args: { request: pickerRequest(mediaKind, lisbon, { prompt: PROMPT }) },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The state stories' plays (`stories/support/states.ts`). */
const states = statePlays({
  prompt: PROMPT,
  kind: "media",
  busy: [{ role: "button", name: "Submit" }],
  gone: ["listbox"],
});

/** Choosing by keyboard alone: Tab into the grid, arrows move, Space/Enter toggle, Enter on Submit sends. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-state", "open");
    const grid = canvas.getByRole("listbox", { name: PROMPT });
    await expect(grid).toHaveAttribute("aria-multiselectable", "true");
    await expect(canvas.getByText("0 of 3 selected (at least 1)")).toBeVisible();

    // One tab stop: the first option.
    await userEvent.tab();
    const tram = canvas.getByRole("option", { name: "Yellow tram 28 climbing Rua da Graça" });
    await expect(tram).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(tram).toHaveAttribute("aria-selected", "true");
    await expect(tram).toHaveAccessibleDescription("Choice 1");

    // Down keeps the column: the option one row below.
    const columns = Number(grid.getAttribute("data-columns"));
    await expect(columns).toBeGreaterThan(1);
    await userEvent.keyboard("{ArrowDown}");
    const below = canvas.getByRole("option", { name: lisbon.items[columns]?.alt ?? "" });
    await waitFor(() => expect(below).toHaveFocus());
    await expect(below).toHaveAttribute("aria-posinset", String(columns + 1));

    // Back up, then right: Belém, chosen with Enter (which toggles here, never submits).
    await userEvent.keyboard("{ArrowUp}{ArrowRight}");
    const belem = canvas.getByRole("option", { name: "Belém Tower at sunset" });
    await waitFor(() => expect(belem).toHaveFocus());
    // The preview follows the focused item.
    await expect(canvas.getByRole("figure", { name: "Preview: Belém Tower at sunset" })).toBeVisible();
    await userEvent.keyboard("{Enter}");
    await expect(belem).toHaveAttribute("aria-selected", "true");
    await expect(belem).toHaveAccessibleDescription("Choice 2");
    await expect(canvas.getByText("2 of 3 selected")).toBeVisible();
    await expect(hitl.sent).toEqual([]);

    // Out of the grid: the next tab stop is Submit.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "media",
      value: { selected: ["tram-28", "belem-tower"] },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptItems(context.canvasElement)).toEqual([
      "Yellow tram 28 climbing Rua da Graça",
      "Belém Tower at sunset",
    ]);
    await expect(canvas.queryByRole("listbox")).toBeNull();
  },
};

/** Mouse: click to choose, click again to un-choose; the order badges follow the choice order. */
export const ChooseWithMouse: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const video = canvas.getByRole("option", { name: "Drone flight over the Tagus (video)" });
    const beach = canvas.getByRole("option", { name: "Cascais beach in the early morning" });
    const palace = canvas.getByRole("option", { name: "Pena Palace above the Sintra forest" });

    await userEvent.click(palace);
    await userEvent.click(video);
    await userEvent.click(beach);
    await expect(beach).toHaveAccessibleDescription("Choice 3");
    await userEvent.click(palace);
    await expect(palace).toHaveAttribute("aria-selected", "false");
    await expect(video).toHaveAccessibleDescription("Choice 1");
    await expect(beach).toHaveAccessibleDescription("Choice 2");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "media",
      value: { selected: ["tagus-drone", "cascais-beach"] },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptItems(context.canvasElement)).toEqual([
      "Drone flight over the Tagus (video)",
      "Cascais beach in the early morning",
    ]);
  },
};

/** A fourth choice past `max` is refused with a message; nothing already chosen is dropped. */
export const MaxReached: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    for (const name of [
      "Yellow tram 28 climbing Rua da Graça",
      "Belém Tower at sunset",
      "Fado night in Mouraria (audio)",
    ]) {
      await userEvent.click(canvas.getByRole("option", { name }));
    }
    const fourth = canvas.getByRole("option", { name: "Cascais beach in the early morning" });
    await userEvent.click(fourth);
    await expect(canvas.getByText("You can choose up to 3.")).toBeVisible();
    await expect(fourth).toHaveAttribute("aria-selected", "false");
    await expect(canvas.getAllByRole("option", { selected: true })).toHaveLength(3);
    await expect(canvas.getByText("3 of 3 selected")).toBeVisible();
    await expect(hitl.sent).toEqual([]);
  },
};

/** Fewer items than `min`: the kind's check refuses it inline and nothing is sent. */
export const InvalidAnswerRefused: Story = {
  args: {
    request: pickerRequest(
      mediaKind,
      { ...lisbon, min: 2 },
      { prompt: "Pick 2 or 3 photos for the before/after slider" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("option", { name: "Belém Tower at sunset" }));
    await expect(canvas.getByText("1 of 3 selected (at least 2)")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));

    await expect(await canvas.findByRole("alert")).toHaveTextContent("Select at least 2 items (got 1)");
    await expect(hitl.sent).toEqual([]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(canvas.getByRole("group", { name: "Pick 2 or 3 photos for the before/after slider" })).toHaveAttribute(
      "data-state",
      "open",
    );

    // Fixing the choice clears the error.
    await userEvent.click(canvas.getByRole("option", { name: "Cascais beach in the early morning" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

const REASON = "None of these are ours to publish; I'll upload our own shots.";

export const DeclineWithReason: Story = {
  play: states.declineWithReason(REASON, async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("option", { name: "Belém Tower at sunset" }));
  }),
};

export const Submitting: Story = {
  args: { state: "submitting", answer: { selected: ["belem-tower"] } },
  play: states.submitting(async ({ canvas }) => {
    await expect(canvas.getByRole("listbox", { name: PROMPT })).toHaveAttribute("aria-disabled", "true");
    // Clicking a thumbnail while sending changes nothing.
    const tram = canvas.getByRole("option", { name: "Yellow tram 28 climbing Rua da Graça" });
    await userEvent.click(tram, { pointerEventsCheck: 0 });
    await expect(tram).toHaveAttribute("aria-selected", "false");
  }),
};

export const Responded: Story = {
  args: { state: "responded", answer: { selected: ["belem-tower"] } },
  play: states.responded(),
};

const ANSWER = { selected: ["senhora-do-monte", "tram-28", "fado-mouraria"] };

/** The receipt lists what was chosen, in the order it was chosen. */
export const Answered: Story = {
  args: { state: "answered", answer: ANSWER },
  play: states.answered(async ({ canvasElement }) => {
    await expect(receiptItems(canvasElement)).toEqual([
      "Night view from Miradouro da Senhora do Monte",
      "Yellow tram 28 climbing Rua da Graça",
      "Fado night in Mouraria (audio)",
    ]);
  }),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error, with Retry; the choice stays operable. */
export const SendError: Story = {
  args: { state: "error", answer: { selected: ["belem-tower"] } },
  play: states.sendError(),
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: { selected: ["belem-tower"] } },
  play: states.sendErrorRetry(async ({ canvasElement }) => {
    await expect(receiptItems(canvasElement)).toEqual(["Belém Tower at sunset"]);
  }),
};

/**
 * Unsafe URLs are never loaded: a `javascript:` item and a `data:text/html` thumbnail show the
 * broken placeholder, as does an image whose bytes fail to decode. They can still be chosen.
 */
export const UnsafeUrlsShownBroken: Story = {
  args: {
    request: pickerRequest(
      mediaKind,
      {
        items: [
          { id: "harbour", url: photoUrl("coast", { hue: 30 }), alt: "Fishing boats in the harbour" },
          { id: "script", url: unsafeUrls.script, alt: "Sunset over the bay" },
          { id: "html-thumb", url: photoUrl("sunset"), thumbnailUrl: unsafeUrls.html, alt: "Lighthouse at dusk" },
          { id: "corrupt", url: unsafeUrls.corrupt, alt: "Market stalls at noon" },
        ],
      },
      { prompt: "Which photo should head the harbour article?" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    for (const name of ["Sunset over the bay", "Lighthouse at dusk"]) {
      await expect(canvas.getByRole("option", { name })).toHaveAccessibleDescription("Can't show this item");
    }
    await waitFor(() =>
      expect(canvas.getByRole("option", { name: "Market stalls at noon" })).toHaveAccessibleDescription(
        "Can't show this item",
      ),
    );
    await expect(canvas.getByRole("option", { name: "Fishing boats in the harbour" })).not.toHaveAccessibleDescription(
      "Can't show this item",
    );
    const sources = [...context.canvasElement.querySelectorAll("img, video, audio")].map(
      (element) => element.getAttribute("src") ?? "",
    );
    await expect(sources.length).toBeGreaterThan(0);
    await expect(sources.filter((src) => /^(javascript|data:text)/i.test(src))).toEqual([]);

    await userEvent.click(canvas.getByRole("option", { name: "Fishing boats in the harbour" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "media",
      value: { selected: ["harbour"] },
    });
  },
};

/**
 * A payload the kind's schema refuses (a repeated id, min above max): the fallback shows the
 * problems and can still be answered in words.
 */
export const InvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "media",
        items: [
          { id: "tram-28", url: photoUrl("city"), alt: "Yellow tram 28" },
          { id: "tram-28", url: photoUrl("sunset"), alt: "Belém Tower at sunset" },
        ],
        min: 3,
        max: 2,
      },
      { prompt: PROMPT },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(canvas.queryByRole("listbox")).toBeNull();

    await userEvent.click(within(group).getByText("Details (3 problems)"));
    await expect(within(group).getByText(/items\.1\.id: Duplicate id "tram-28" \(same as items\.0\)/)).toBeVisible();
    await expect(within(group).getByText(/min: min \(3\) is greater than max \(2\)/)).toBeVisible();

    const text = "Use the tram photo, it says Lisbon best.";
    await sendText(group, text);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text });
    await expect(await canvas.findByText(text)).toBeVisible();
  },
};

const FRAMES = 10_000;
const timelapse = {
  items: Array.from({ length: FRAMES }, (_, index) => ({
    id: `frame-${String(index + 1).padStart(5, "0")}`,
    url: photoAt(index),
    alt: `Time-lapse frame ${index + 1}`,
  })),
} satisfies PayloadOf<typeof mediaKind>;

/**
 * 10,000 items: only the visible rows are mounted. End jumps to the last frame (scrolled in and
 * focused), Space chooses it, Tab and Enter send it.
 */
export const LargeTenThousandItems: Story = {
  args: {
    request: pickerRequest(mediaKind, timelapse, { prompt: "Which frame should be the cover of the time-lapse?" }),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const grid = canvas.getByRole("listbox", { name: "Which frame should be the cover of the time-lapse?" });
    await expect(within(grid).getAllByRole("option").length).toBeLessThan(200);

    await userEvent.tab();
    await expect(within(grid).getByRole("option", { name: "Time-lapse frame 1" })).toHaveFocus();
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(within(grid).getByRole("option", { name: `Time-lapse frame ${FRAMES}` })).toHaveFocus());
    const last = within(grid).getByRole("option", { name: `Time-lapse frame ${FRAMES}` });
    await expect(last).toHaveAttribute("aria-posinset", String(FRAMES));
    await expect(last).toHaveAttribute("aria-setsize", String(FRAMES));
    await expect(grid.scrollTop).toBeGreaterThan(0);
    await expect(within(grid).getAllByRole("option").length).toBeLessThan(200);

    await userEvent.keyboard(" ");
    await expect(last).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByText("1 selected")).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "media",
      value: { selected: ["frame-10000"] },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptItems(context.canvasElement)).toEqual([`Time-lapse frame ${FRAMES}`]);
  },
};

/** The playground's 100,000-image library, served by a loader as an app's backend would. */
const library: CollectionLoaders = {
  library: async ({ query, cursor }) => searchLibrary({ query, cursor }),
};

/**
 * A request that names the app's library (`source`) instead of listing items: the grid pages
 * through the loader, the search box searches on the "server", the status line announces it, and
 * the answer is checked against the items the loader returned.
 */
export const RemoteLibrary: Story = {
  args: {
    request: pickerRequest(mediaKind, { source: { id: "library" }, max: 2 }, { prompt: "Pick from the library" }),
  },
  parameters: { hitl: { collections: library } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText("60 items, more available")).toBeVisible();
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search" }), "silver kite");
    const grid = canvas.getByRole("listbox", { name: "Pick from the library" });
    const first = await within(grid).findByRole("option", { name: "Silver kite at dawn, no. 62" });
    await userEvent.click(first);
    await expect(first).toHaveAttribute("aria-selected", "true");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "media",
      value: { selected: ["lib-000062"] },
    });
    await expect(receiptItems(context.canvasElement)).toEqual(["Silver kite at dawn, no. 62"]);
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await userEvent.click(canvas.getByRole("option", { name: "Belém Tower at sunset" }));
    await expect(canvas.getByRole("option", { name: "Belém Tower at sunset" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeVisible();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: ANSWER },
  play: states.answered(async ({ canvasElement }) => {
    await expect(receiptItems(canvasElement)).toHaveLength(3);
  }),
};
