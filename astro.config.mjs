// Storefront build configuration.
// output 'static': every page is pre-rendered unless it says `export const prerender = false`
// (product list/detail, home, order detail shell). The node adapter serves both from one process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadSnapshot } from './content-sync/snapshot.ts';
import { breakpointsFrom, screenMediaCss } from './src/lib/screen-class.ts';
import { loaderCss } from './themes/default/loaders/files.ts';
import { resolveTheme, themeNameFor } from './themes/registry.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

// The channel is fixed per build: it picks the theme, and pages bake it into the meta tag.
const channel = process.env.CHANNEL || 'default';
const settings = loadSnapshot(channel).settings;
const theme = resolveTheme(themeNameFor(channel, settings?.THEME));
const siteName = settings?.['SITE.NAME'] || 'オンラインショップ';
const publicApiBase = process.env.PUBLIC_API_BASE_URL ?? '';

/**
 * The active theme as virtual modules: `virtual:shop/slot/<Slot>` resolves straight to the file the
 * theme registry picked for that slot (one module per slot, so a page pulls in only the screens and
 * CSS it uses), and `virtual:shop/theme` carries the token stylesheets and the build constants.
 * A channel's build therefore contains only its own theme's files.
 */
function shopTheme() {
  const themeId = 'virtual:shop/theme';
  const resolvedThemeId = `\0${themeId}`;
  // The theme's loader size, overlay and position as custom properties (themes/default/loaders/).
  const loaderCssId = 'virtual:shop/loader.css';
  const resolvedLoaderCssId = `\0${loaderCssId}`;
  const slotPrefix = 'virtual:shop/slot/';
  const abs = (file) => path.resolve(root, file).split(path.sep).join('/');
  return {
    name: 'shop-theme',
    resolveId(source) {
      if (source === themeId) return resolvedThemeId;
      if (source === loaderCssId) return resolvedLoaderCssId;
      if (source.startsWith(slotPrefix)) {
        const slot = source.slice(slotPrefix.length);
        if (!(slot in theme.slots)) throw new Error(`Unknown theme slot "${slot}" (see themes/registry.ts)`);
        return abs(theme.slots[slot]);
      }
      return undefined;
    },
    load(id) {
      if (id === resolvedLoaderCssId) return loaderCss(theme.loader);
      if (id !== resolvedThemeId) return undefined;
      return [
        ...theme.tokens.map((file) => `import ${JSON.stringify(abs(file))};`),
        ...theme.feedbackStyles.map((file) => `import ${JSON.stringify(abs(file))};`),
        `import ${JSON.stringify(loaderCssId)};`,
        `export const cursor = ${JSON.stringify(theme.cursor)};`,
        `export const themeName = ${JSON.stringify(theme.name)};`,
        `export const channel = ${JSON.stringify(channel)};`,
        `export const publicApiBase = ${JSON.stringify(publicApiBase)};`,
        `export const siteName = ${JSON.stringify(siteName)};`,
      ].join('\n');
    },
  };
}

/**
 * The channel's screen classes in CSS from the first paint: every stylesheet (global ones and the
 * components' <style>) may write `@media (--screen-phone)` (or tablet, pc), and this puts the channel's
 * SITE.BREAKPOINT.SCREEN-SM/MD in before Vite compiles it. /header.js sets <html data-screen> for the
 * scripts only after the page is parsed: CSS keyed on it would lay the page out again once painted.
 */
function screenMedia() {
  const breakpoints = breakpointsFrom(settings);
  return {
    name: 'shop-screen-media',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.css(\?|$)|[?&]lang\.css/.test(id) || !code.includes('--screen-')) return undefined;
      return { code: screenMediaCss(code, breakpoints), map: null };
    },
  };
}

/**
 * No CommonJS interop outside the React chunk of the browser build: that interop needs Rolldown's
 * runtime helpers, which become a file of their own on every island page as soon as a second chunk
 * uses them. So dayjs resolves to its ES build (dayjs/esm/; the server keeps the CommonJS entry
 * Node loads) and @nanostores/react takes React's hooks from islands/common/react.ts, the ES module
 * in the React chunk that islands use too.
 */
function browserEsmOnly() {
  const reactHooks = path.resolve(root, 'islands/common/react.ts');
  const esm = (sub) => path.resolve(root, 'node_modules/dayjs/esm', sub);
  return {
    name: 'browser-esm-only',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    // An island entry captured by a chunk group (see codeSplitting below) may then be that chunk itself,
    // with the group's other exports added, instead of a one-line facade file importing it.
    configEnvironment(name) {
      return name === 'client' ? { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } } : undefined;
    },
    resolveId(source, importer) {
      if (source === 'react' && importer?.includes('/node_modules/@nanostores/react/')) return reactHooks;
      if (source === 'dayjs') return esm('index.js');
      const plugin = /^dayjs\/plugin\/([\w-]+)(\.js)?$/.exec(source);
      return plugin ? esm(`plugin/${plugin[1]}/index.js`) : undefined;
    },
  };
}

/**
 * scripts/host/content-build-renderer.ts runs `astro build` in its own process and keeps the build's
 * pre-render app, to re-render changed content pages later without bundling again. It registers
 * `globalThis.__shopKeepPrerenderer` before building and gets the output directory once the pages are
 * generated, while the pre-render bundle is still on disk (Astro deletes it right after this hook).
 * Any other build does nothing here. (setPrerenderer() would make Astro skip its own pre-render entry.)
 */
function keepPrerenderer() {
  return {
    name: 'shop-keep-prerenderer',
    hooks: {
      'astro:build:generated': async ({ dir }) => {
        const keep = globalThis.__shopKeepPrerenderer;
        if (typeof keep === 'function') await keep(dir);
      },
    },
  };
}

/** The public/ scripts (header.js) are served without their comment lines (scripts/host/public-scripts.ts). */
function publicScripts() {
  return {
    name: 'shop-public-scripts',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const { stripPublicScriptComments } = await import('./scripts/host/public-scripts.ts');
        await stripPublicScriptComments(fileURLToPath(dir));
      },
    },
  };
}

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), keepPrerenderer(), publicScripts()],
  // The spec's redirect targets are /login/, /cart/, /ec/: every route ends with a slash.
  trailingSlash: 'always',
  build: { format: 'directory' },
  // SHOP_DIST_DIR (see scripts/host/build.ts) lets several builds run side by side without sharing files.
  outDir: process.env.SHOP_DIST_DIR || 'dist',
  // SHOP_CACHE_DIR (set by scripts/host/build.ts): one cache for the successive outputs of live rebuilds,
  // so the incremental build below finds the previous build's pages whichever directory it wrote.
  cacheDir: process.env.SHOP_CACHE_DIR || (process.env.SHOP_DIST_DIR ? `${process.env.SHOP_DIST_DIR}/.astro-cache` : undefined),
  // Pages from getStaticPaths() with a cacheKey (content pages: content-sync/cache-keys.ts) are copied
  // from the previous build when their key and code are unchanged: a changed post re-renders itself and
  // the list pages that show it, not the other 10,000 pages.
  experimental: { incrementalBuild: true },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? false },
  // Content-Security-Policy in every page's <meta>: script-src is 'self' plus the hashes of Astro's
  // own inline scripts (island hydration), never 'unsafe-inline'. style-src allows inline styles:
  // React islands and CMS HTML render style="" attributes, which hashes cannot allow, and a style
  // cannot run code. frame-ancestors, which a <meta> cannot carry, comes as a header (scripts/host/start.ts).
  // No default-src here: images and API calls may come from other origins (SITE.STORAGE_URL,
  // PUBLIC_API_BASE_URL) that a build cannot know.
  security: {
    csp: {
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      directives: ["object-src 'none'", "base-uri 'self'"],
    },
  },
  vite: {
    plugins: [shopTheme(), screenMedia(), browserEsmOnly()],
    build: {
      // SHOP_SOURCEMAP=1 (analysis only, e.g. which module fills an island chunk): emit source maps.
      sourcemap: process.env.SHOP_SOURCEMAP === '1',
      rollupOptions: {
        output: {
          // Fewer, larger chunks for the island pages (issue 5: cart/checkout ≤ 80 KB gzipped, each
          // file gzipped on its own): the storefront's code in layers by who needs it. Higher priority
          // takes a module first; a group also takes its modules' dependencies unless a higher group has
          // them. No page without islands loads any of these (the product page's add-to-cart script
          // posts to /cart/add/ and needs none of the API client).
          codeSplitting: {
            groups: [
              // Leaf modules that the server-rendered pages' small scripts (favourites, history,
              // recommendations on product cards, the shop-wide navigation script with the spec 9 times of
              // src/lib/timing.ts) share with the islands: a chunk of their own, so those pages never load the
              // React chunk below for them (and the checkout pages, which load it anyway, no extra file). The
              // shop-wide core (chunk-failure reload, scroll restore) is here too: the cart and checkout pages
              // start it from a one-line script, every other page through src/scripts/shop-wide.ts.
              // src/lib/poll.ts, one-tab.ts and load-tasks.ts too: every page's page_view polls the title with the
              // first, and the scroll restore the load tasks (the API client counts its requests in the last); the
              // product page's add and the cart store wait for another tab's cart with the second (a chunk of
              // its own measured 180 B more on those pages than this one does on the content pages).
              {
                name: 'page-kit',
                test: /\/src\/api-client\/core\/endpoint\.ts|\/src\/lib\/(money|timing|poll|one-tab|load-tasks)\.ts|\/src\/scripts\/shop-wide-core\.ts/,
                priority: 7,
              },
              // The 名入れ刺繍 fonts, colours and line label: the cart, the confirm step, the order pages and the
              // product page's lazily loaded embroidery script all use them. A file of its own, so none of
              // them pulls another's chunk for it (the product page would otherwise fetch the React chunk).
              { name: 'embroidery-choices', test: /\/contracts\/embroidery-choices\.ts/, priority: 8 },
              // The date-time format (contracts/datetimes.ts): the thanks page (a gift's expiry, the payment deadline)
              // and my page, never the steps before it. A file of its own (about 220 B), so the thanks page does not
              // load the checkout chunk for it.
              { name: 'datetimes', test: /\/contracts\/datetimes\.ts/, priority: 8 },
              // React, Astro's React renderer, the toast store and region, and what every island page shares
              // (the API client core: http, cookies, routes, zustand; the session store; the member gate): those
              // pages load all of it, and one stream compresses it better than separate files. Only what they all
              // run belongs here, since each module in it is bundled whole: the cart's decoders and the order
              // decision are the cart-wire chunk, the cart store the checkout chunk (both below).
              {
                name: 'react',
                test: /\/node_modules\/(react|react-dom|scheduler|js-cookie|zustand)\/|\/src\/stores\/toast\.ts|\/islands\/common\/(ToastRegion|react\.ts|navigation\.ts)|\/node_modules\/@astrojs\/react\/dist\/client\.js|\/src\/api-client\/(core\/(http|transport|options|route-change|refresh|endpoint|cookie-jar|errors|state|guard|token|call)|wire\/(common|auth))\.ts|\/src\/lib\/(routes|route-parts|redirects|money)\.ts|\/contracts\/constants\.ts|\/src\/stores\/session\.ts|\/islands\/common\/(MemberGate|member-rules|Loading|ErrorMessage)|rolldown.runtime/,
                priority: 5,
              },
              // The cart's decoders and the order decision (wire/cart.ts, card-decision.ts, the social gift's link and
              // decoder): the cart store, the thanks page, the order history and the saved cards use them, the login,
              // registration and most my-page screens do not. Out of the React chunk (0.7 KB brotli less there), and
              // not in the checkout chunk below, which the thanks page and my page would then load for them.
              {
                name: 'cart-wire',
                test: /\/src\/api-client\/(wire\/(cart|social-gift)|checkout\/card-decision)\.ts|\/src\/lib\/social-gift-link\.ts/,
                priority: 4.6,
              },
              // What the cart and the checkout steps share but the thanks page (/cart/complete/) does not run: the
              // cart store with its calls and decoders, the steps' hooks and the payment list, and the day format of
              // contracts/dates.ts (the delivery dates of the delivery and confirm steps: as a file of its own, 400 B more). A chunk of its own,
              // one more file for those five pages, so the thanks page does not load about 3 KB it never uses.
              {
                name: 'checkout',
                test: /\/src\/stores\/cart\.ts|\/src\/api-client\/(cart\/(cart|reshape)|checkout\/payments|wire\/payment)\.ts|\/islands\/checkout\/(useLoad|useCheckoutCart|fee)\.ts|\/contracts\/dates\.ts/,
                priority: 4.5,
              },
              // Logging out and the login notices (src/stores/logout.ts, login-warnings.ts) with the auth calls: every
              // my-page screen (its layout's logout link) loads them, the login and registration forms once sent
              // (islands/auth/login-calls.ts); one file, not three of about 0.3 KB each (brotli).
              { name: 'auth-kit', test: /\/src\/stores\/(logout|login-warnings)\.ts|\/src\/api-client\/account\/auth\.ts/, priority: 3.5 },
              // The my-page layout (menu, logout link, member gate use) and the routes only my-page links to
              // (src/lib/mypage-routes.ts): every my-page screen loads both, in one file, not in the React chunk every
              // checkout page loads. Below that group, so the routes.ts they import stays there.
              {
                name: 'mypage-kit',
                test: /\/src\/lib\/mypage-routes\.ts|\/islands\/mypage\/MypageLayout\.tsx|\/islands\/auth\/LoginWarning\.tsx/,
                priority: 3,
              },
              // The point balance call: the confirm step's benefits fields and my page's coupons and points. A file of
              // its own (about 0.3 KB): in the Confirm chunk below, my page loaded that chunk and the checkout chunk with
              // it (5.9 KB brotli) for these 260 bytes.
              { name: 'points', test: /\/src\/api-client\/(mypage|wire)\/points\.ts/, priority: 4.1 },
              // The confirm step's own parts, also used by the order detail on my page.
              { name: 'Confirm', test: /\/islands\/checkout\/(Confirm|OrderSummary)\.tsx/, priority: 4 },
            ],
          },
        },
      },
    },
  },
});
