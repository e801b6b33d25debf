import type { StorybookConfig } from "@storybook/react-vite";
import type { PluginOption } from "vite";

/**
 * Plugins of the library build that have no place in Storybook (which reads `vite.config.ts`):
 * declaration emit (named "unplugin-dts" by vite-plugin-dts 5, "vite:dts" by older versions), the
 * `"use client"` banner for the published chunks and the `dist/styles.css` bundler.
 */
const buildOnlyPlugins = /^(?:vite:dts|unplugin[:-]dts|hitl-kit:preserve-use-client|hitl-kit:bundle-styles)$/;

async function withoutBuildOnlyPlugins(plugins: readonly PluginOption[]): Promise<PluginOption[]> {
  const kept: PluginOption[] = [];
  for (const option of plugins) {
    const plugin = await option;
    if (Array.isArray(plugin)) kept.push(await withoutBuildOnlyPlugins(plugin));
    else if (plugin && typeof plugin === "object" && "name" in plugin && buildOnlyPlugins.test(plugin.name)) continue;
    else kept.push(plugin);
  }
  return kept;
}

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: ["../stories/**/*.stories.tsx"],
  addons: ["@storybook/addon-a11y", "@storybook/addon-vitest"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(config) {
    return { ...config, plugins: await withoutBuildOnlyPlugins(config.plugins ?? []) };
  },
};

export default config;
