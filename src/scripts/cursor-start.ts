/**
 * Starts the theme's cursor follower on the page (src/components/ThemeCursor.astro loads this file,
 * bundled as one classic script, only where a mouse can use it).
 */
import { startFollower } from './cursor.ts';

const el = document.querySelector<HTMLElement>('[data-cursor-follower]');
if (el) startFollower(el);
