/**
 * The hand-written scripts of public/ (header.js: every page loads it, the cart and checkout pages
 * included, whose JS budget is full) keep their explaining comments in the repository; the build
 * serves them without the comment lines. Only whole-line `//` comments are dropped, so code is never
 * touched (those files keep each comment on a line of its own).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `source` without its whole-line `//` comments. */
export function withoutCommentLines(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
}

/** Rewrites every top-level .js file of the built client folder (the public/ scripts) without comment lines. */
export async function stripPublicScriptComments(clientDir: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(clientDir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const path = join(clientDir, entry.name);
    const source = await readFile(path, 'utf8');
    const stripped = withoutCommentLines(source);
    if (stripped !== source) {
      await writeFile(path, stripped);
      changed += 1;
    }
  }
  return changed;
}
