/**
 * The popup check as a classic script of its own (built with Vite's worker build, see
 * src/layouts/Default.astro): /header.js appends it once the page is parsed, and only while this
 * session has not been checked yet (sessionStorage `shop:popups-checked`), so later pages load none of it.
 */
import { showPopupOnce } from './popup-once.ts';

void showPopupOnce();
