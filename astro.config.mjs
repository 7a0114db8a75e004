// Storefront build configuration.
// output 'static': every page is pre-rendered unless it says `export const prerender = false`
// (product list/detail, home, order detail shell). The node adapter serves both from one process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadSnapshot } from './content-sync/snapshot.ts';
import { resolveTheme, themeNameFor } from './themes/registry.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

// The channel is fixed per build: it picks the theme, and pages bake it into the meta tag.
const channel = process.env.CHANNEL || 'default';
const settings = loadSnapshot(channel).settings;
const theme = resolveTheme(themeNameFor(channel, settings?.THEME));
const siteName = settings?.['SITE.NAME'] || 'オンラインショップ';
const publicApiBase = process.env.PUBLIC_API_BASE_URL ?? '';

/**
 * `virtual:shop/theme`: the active theme's slot components, its token stylesheets and the build
 * constants. Pages import screens only from here, so a build contains only its own theme's files.
 */
function shopTheme() {
  const id = 'virtual:shop/theme';
  const resolvedId = `\0${id}`;
  return {
    name: 'shop-theme',
    resolveId(source) {
      return source === id ? resolvedId : undefined;
    },
    load(loadId) {
      if (loadId !== resolvedId) return undefined;
      const abs = (file) => JSON.stringify(path.resolve(root, file).split(path.sep).join('/'));
      const lines = [
        ...theme.tokens.map((file) => `import ${abs(file)};`),
        ...Object.entries(theme.slots).map(([slot, file]) => `export { default as ${slot} } from ${abs(file)};`),
        `export const themeName = ${JSON.stringify(theme.name)};`,
        `export const channel = ${JSON.stringify(channel)};`,
        `export const publicApiBase = ${JSON.stringify(publicApiBase)};`,
        `export const siteName = ${JSON.stringify(siteName)};`,
      ];
      return lines.join('\n');
    },
  };
}

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // The spec's redirect targets are /login/, /cart/, /ec/: every route ends with a slash.
  trailingSlash: 'always',
  build: { format: 'directory' },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? false },
  vite: {
    plugins: [shopTheme()],
  },
});
