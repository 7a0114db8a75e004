import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../api/src/lib/versioned-cache.ts';

describe('VersionedCache (list pages and facets kept per catalogue version)', () => {
  it('answers an entry only under the version it was stored at, and forgets it after a newer one', () => {
    const cache = new VersionedCache<number[]>(10);
    cache.set(3, 'tops|page1', [1, 2, 3]);
    expect(cache.get(3, 'tops|page1')).toEqual([1, 2, 3]);
    expect(cache.get(4, 'tops|page1')).toBeUndefined();
    // Once a newer version was asked for, the old entry is gone (never served again).
    expect(cache.get(3, 'tops|page1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never stores or answers without a version (a read inside a transaction)', () => {
    const cache = new VersionedCache<string>(10);
    cache.set(null, 'k', 'v');
    expect(cache.size).toBe(0);
    cache.set(1, 'k', 'v');
    expect(cache.get(null, 'k')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new VersionedCache<string>(2);
    cache.set(1, 'a', 'A');
    cache.set(1, 'b', 'B');
    expect(cache.get(1, 'a')).toBe('A');
    cache.set(1, 'c', 'C');
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'a')).toBe('A');
    expect(cache.get(1, 'c')).toBe('C');
  });

  it('stores nothing with a capacity of 0', () => {
    const cache = new VersionedCache<string>(0);
    cache.set(1, 'a', 'A');
    expect(cache.get(1, 'a')).toBeUndefined();
  });
});
