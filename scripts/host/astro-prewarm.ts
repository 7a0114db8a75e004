/**
 * A module for `node --import` in npm start's first Astro build (build.ts `prewarmAstroBuild`): while
 * the shop still prepares its database, the build process loads Node, Astro's CLI and build modules
 * and Vite (over a second on a quiet machine); then it waits for one line on stdin,
 * the environment to build with as JSON, before Astro's CLI runs. An end of stdin without that line
 * (the shop stopped, or needed no build) ends the process.
 */
import { createInterface } from 'node:readline';

const astro = new URL('../../node_modules/astro/dist/', import.meta.url);
await Promise.all(['cli/index.js', 'cli/build/index.js', 'core/build/index.js'].map((file) => import(new URL(file, astro).href))).catch(
  () => {},
); // a module that cannot load fails the build itself, with Astro's own message
await import('vite').catch(() => {});

const line = await new Promise<string | null>((resolvePromise) => {
  const input = createInterface({ input: process.stdin });
  input.once('line', (text) => {
    resolvePromise(text);
    input.close();
  });
  input.once('close', () => resolvePromise(null));
});
if (line === null) process.exit(0);
Object.assign(process.env, JSON.parse(line) as Record<string, string>);
process.stdin.destroy();
