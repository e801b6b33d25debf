/**
 * Screenshots of every widget in the playground, light and dark, open and answered, written to
 * test/screenshots/<kind>-<state>-<theme>.png (git-ignored) for people to look at. The viewport is
 * tall (playwright.config.ts) so the tallest widgets fit the message list and are not clipped.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import {
  APPROVE_BY_MOUSE,
  ASPECT_RATIO_BY_MOUSE,
  DENY_BY_MOUSE,
  FALLBACK_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
  VOICE_BY_MOUSE,
} from "./answers";
import { ask, expectReceipt, newChat } from "./chat";
import { expect, test } from "./fixtures";

const DIR = fileURLToPath(new URL("../screenshots/", import.meta.url));
type Theme = "light" | "dark";

test.use({ colorScheme: "light" });

async function setTheme(page: Page, theme: Theme) {
  const toggle = page.getByTestId("theme-toggle");
  if ((await toggle.getAttribute("aria-checked")) !== String(theme === "dark")) await toggle.click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

/** Every image in `scope` decoded (thumbnails and previews load lazily). */
async function imagesLoaded(scope: Locator) {
  await expect
    .poll(() =>
      scope.evaluate((root) =>
        [...root.querySelectorAll("img")].every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

async function shoot(page: Page, widget: Locator, name: string) {
  await imagesLoaded(widget);
  await page.evaluate(() => document.fonts.ready);
  await widget.screenshot({ path: join(DIR, `${name}.png`), animations: "disabled", caret: "hide" });
}

const kinds: ReadonlyArray<[string, MouseAnswer]> = [
  ["media", MEDIA_BY_MOUSE],
  ["template", TEMPLATE_BY_MOUSE],
  ["aspect-ratio", ASPECT_RATIO_BY_MOUSE],
  ["multi-select", TAGS_BY_MOUSE],
  ["form", FORM_BY_MOUSE],
  ["approval", APPROVE_BY_MOUSE],
  ["voice", VOICE_BY_MOUSE],
  ["fallback", FALLBACK_BY_MOUSE],
];

for (const [kind, how] of kinds) {
  test(`screenshots: ${kind}, open and answered, light and dark`, async ({ page }) => {
    await newChat(page);
    const asked = await ask(page, how.phrase);
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await shoot(page, asked.widget, `${kind}-open-${theme}`);
    }
    if (kind === "media") {
      for (const theme of ["light", "dark"] as const) {
        await setTheme(page, theme);
        await page.screenshot({ path: join(DIR, `page-${kind}-open-${theme}.png`), animations: "disabled" });
      }
    }
    await how.answer(page, asked);
    await expectReceipt(page, asked, how.receipt);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      await shoot(page, asked.widget, `${kind}-${how.receipt}-${theme}`);
    }
  });
}

test("screenshots: approval, denied, light and dark", async ({ page }) => {
  await newChat(page);
  const asked = await ask(page, DENY_BY_MOUSE.phrase);
  await DENY_BY_MOUSE.answer(page, asked);
  await expectReceipt(page, asked, "denied");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await shoot(page, asked.widget, `approval-denied-${theme}`);
  }
});

test("screenshots: media answered by a chat message, light and dark", async ({ page }) => {
  await newChat(page);
  const asked = await ask(page, "pick media");
  await page.getByTestId("composer").fill("hello");
  await page.getByTestId("composer").press("Enter");
  await expect(asked.widget).toHaveAttribute("data-state", /^(answered|cancelled)$/, { timeout: 15_000 });
  const state = await asked.widget.getAttribute("data-state");
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await shoot(page, asked.widget, `media-${state}-by-chat-${theme}`);
  }
});
