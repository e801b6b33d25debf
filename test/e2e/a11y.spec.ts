/** axe on the playground page with a widget open (inline and in the queue), light and dark. */
import AxeBuilder from "@axe-core/playwright";
import { ask, newChat } from "./chat";
import { expect, test } from "./fixtures";

test.use({ colorScheme: "light" });

test("axe: no violations with the media picker open, light and dark", async ({ page }) => {
  await newChat(page);
  const asked = await ask(page, "pick media");
  await asked.widget.getByRole("option", { name: "A volcano glowing under a purple dusk sky" }).click();
  for (const theme of ["light", "dark"] as const) {
    const toggle = page.getByTestId("theme-toggle");
    if ((await toggle.getAttribute("aria-checked")) !== String(theme === "dark")) await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    const results = await new AxeBuilder({ page }).analyze();
    const violations = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
    expect(violations, `axe violations (${theme})`).toEqual([]);
  }
});
