/**
 * The shop's messages on every page (src/components/SiteMessages.astro): built as one self-contained
 * classic file (Vite's worker build) that /header.js appends once the page is parsed, from the
 * region's data-src. A page restored from the back-forward cache is filled again, so a message
 * dismissed on another page meanwhile is gone there too.
 */
import { showMessages } from './message-bar.ts';

const region = document.querySelector<HTMLElement>('[data-site-messages]');
if (region) {
  void showMessages(region);
  addEventListener('pageshow', (event) => {
    if (event.persisted) void showMessages(region);
  });
}
