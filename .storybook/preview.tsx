import type { Decorator, Preview } from "@storybook/react-vite";
import { StrictMode } from "react";
// The package's stylesheet (`hitl-kit/styles.css`): base variables and every widget's styles.
import "../src/styles.css";
import { defaultRegistry } from "../src/widgets/default-registry";

type Theme = "light" | "dark";

/** The page behind the widgets: a chat-like surface a shade off the widget background. */
const pages: Record<Theme, { background: string; color: string }> = {
  light: { background: "#eef0f4", color: "#1b1d22" },
  dark: { background: "#0d0f13", color: "#eceef2" },
};

/**
 * Every story renders in StrictMode, like the jsdom tests' harness: the kit's exactly-once must
 * hold under it. A decorator because the framework's `strictMode` option does not reach Vitest's
 * story runs. (Checked: components render twice here; React did not re-run mount effects.)
 */
const withStrictMode: Decorator = (Story) => (
  <StrictMode>
    <Story />
  </StrictMode>
);

/** `data-theme` on an ancestor switches the kit's `--hitl-*` variables (see src/styles/base.css). */
const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === "dark" ? "dark" : "light";
  const page = pages[theme];
  return (
    <div
      data-theme={theme}
      data-testid="story-theme"
      style={{
        ...page,
        colorScheme: theme,
        minHeight: "100vh",
        boxSizing: "border-box",
        padding: 24,
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif',
      }}
    >
      <main style={{ maxWidth: 640, margin: "0 auto" }}>
        <Story />
      </main>
    </div>
  );
};

const preview: Preview = {
  // The last decorator is the outermost.
  decorators: [withTheme, withStrictMode],
  // The built-in widgets load on first use; the catalog shows each in its states, so they are
  // loaded before a story renders (the loading shell has a story of its own: Renderer/Loading).
  loaders: [() => defaultRegistry.preload()],
  globalTypes: {
    theme: {
      description: "Colour theme of the kit",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light", icon: "sun" },
          { value: "dark", title: "Dark", icon: "moon" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
  parameters: {
    layout: "fullscreen",
    // Any axe violation fails the story's test (in `npm run test:stories` and the Storybook UI).
    a11y: { test: "error" },
    controls: { expanded: true },
  },
};

export default preview;
