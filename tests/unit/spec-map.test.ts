/**
 * docs/spec-map.md is not stale: every file it links exists, every spec section the code cites and
 * every file citing it are in it, and where the spec is at hand it regenerates to the same text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSpecMap, findSpec, mapFile, repoRoot, scanCitations } from '../../scripts/spec-map.ts';

const map = readFileSync(join(repoRoot, mapFile), 'utf8');
const regenerate = 'regenerate it: npx node scripts/spec-map.ts [path/to/storefront-spec.md]';

/** The repo-relative files a piece of the map links to. */
const linksIn = (text: string) =>
  new Set(
    [...text.matchAll(/\]\((\.\.\/[^)\s#]+)\)/g)].map((m) => posix.normalize(posix.join(posix.dirname(mapFile), decodeURIComponent(m[1])))),
  );

/** The map cut at its `## N. Title` headings: section number → its text (subsections included). */
const sections = new Map<string, string>();
for (const part of map.split(/^(?=## \d+\. )/m).slice(1)) sections.set(/^## (\d+)\./.exec(part)![1], part);

const cited = scanCitations(repoRoot);

describe('docs/spec-map.md', () => {
  it('links only files that exist', () => {
    const links = linksIn(map);
    expect(links.size).toBeGreaterThan(100);
    const missing = [...links].filter((f) => !existsSync(join(repoRoot, f)));
    expect(missing, `files linked from ${mapFile} but gone (${regenerate})`).toEqual([]);
  });

  it('has a section for every spec section a "spec N" citation in the code names', () => {
    const numbers = new Set([...cited.values()].flatMap((s) => [...s]));
    expect(numbers.size).toBeGreaterThan(5);
    const absent = [...numbers].filter((n) => !sections.has(n)).sort();
    expect(absent, `spec sections cited in the code but not in ${mapFile}`).toEqual([]);
  });

  it('lists every file that cites a spec section under that section', () => {
    const linked = new Map([...sections].map(([n, text]) => [n, linksIn(text)]));
    const unlisted = [...cited].flatMap(([file, nums]) =>
      [...nums].filter((n) => linked.has(n) && !linked.get(n)!.has(file)).map((n) => `${file} → spec ${n}`),
    );
    expect(unlisted, `citations not in ${mapFile} (${regenerate})`).toEqual([]);
  });

  const spec = findSpec(repoRoot);
  it.skipIf(!spec)('is what scripts/spec-map.ts generates from the spec beside the repository', () => {
    const fresh = buildSpecMap(repoRoot, readFileSync(spec!, 'utf8')).split('\n');
    const old = map.split('\n');
    const at = fresh.findIndex((line, i) => line !== old[i]);
    const first =
      at < 0 && fresh.length === old.length
        ? null
        : { line: (at < 0 ? Math.min(fresh.length, old.length) : at) + 1, committed: old[at], generated: fresh[at] };
    expect(first, `${mapFile} differs from a fresh one (${regenerate})`).toBeNull();
  });
});
