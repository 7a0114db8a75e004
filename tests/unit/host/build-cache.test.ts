/**
 * The incremental build cache is used only by builds of the code it was made with
 * (scripts/host/build.ts dropStaleBuildCache): a change of the sources or settings empties it first.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropStaleBuildCache } from '../../../scripts/host/build.ts';

const base = mkdtempSync(join(tmpdir(), 'build-cache-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A cache folder with one cached page and, when given, the code fingerprint it was made with. */
function cache(name: string, stamp?: string): string {
  const dir = join(base, name);
  mkdirSync(join(dir, 'pages'), { recursive: true });
  writeFileSync(join(dir, 'pages', 'news.html'), '<script src="/_astro/gone.js"></script>');
  if (stamp !== undefined) writeFileSync(join(dir, '.code-fingerprint'), stamp);
  return dir;
}

describe('the incremental build cache', () => {
  it('is kept for the code it was made with', () => {
    const dir = cache('same', 'abc');
    expect(dropStaleBuildCache(dir, 'abc')).toBe(false);
    expect(existsSync(join(dir, 'pages', 'news.html'))).toBe(true);
  });

  it('is emptied when the code changed, or when nobody recorded what it was made with', () => {
    for (const [name, stamp] of [
      ['changed', 'abc'],
      ['unstamped', undefined],
    ] as const) {
      const dir = cache(name, stamp);
      expect(dropStaleBuildCache(dir, 'def'), name).toBe(true);
      expect(existsSync(dir), name).toBe(false);
    }
  });

  it('has nothing to do when there is no cache yet', () => {
    expect(dropStaleBuildCache(join(base, 'none'), 'abc')).toBe(false);
  });
});
