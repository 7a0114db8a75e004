/**
 * /sitemap-pages.xml dates static pages and makers by their own updated_at (issue 10), not by when
 * the content was last synced; only an API that does not send updated_at falls back to the sync time.
 */
import { describe, expect, it } from 'vitest';
import { contentSitemapEntries } from '#lib/seo/sitemap-pages.ts';

const base = { blogs: [], news: [], brands: [], categories: [], syncedAt: '2026-06-01T00:00:00Z', productsChangedAt: null };

describe('sitemap lastmod of static pages and makers', () => {
  it('is their updated_at; the maker list takes the newest maker', () => {
    const byLoc = new Map(
      contentSitemapEntries({
        ...base,
        makers: [
          { key: 'a', updated_at: '2026-02-01T00:00:00.000Z' },
          { key: 'b', updated_at: '2026-03-05T10:00:00.000Z' },
        ],
        pages: [
          { url: '/law/', updated_at: '2026-01-15T09:00:00.000Z' },
          { url: 'guide', updated_at: '2025-12-01T00:00:00.000Z' },
          { url: '/', updated_at: '2026-01-01T00:00:00.000Z' },
        ],
      }).map((e) => [e.loc, e.lastmod]),
    );
    expect(byLoc.get('/maker/a/')).toBe('2026-02-01T00:00:00.000Z');
    expect(byLoc.get('/maker/b/')).toBe('2026-03-05T10:00:00.000Z');
    expect(byLoc.get('/maker/')).toBe('2026-03-05T10:00:00.000Z');
    expect(byLoc.get('/law/')).toBe('2026-01-15T09:00:00.000Z');
    expect(byLoc.get('/guide/')).toBe('2025-12-01T00:00:00.000Z');
    expect(byLoc.has('/')).toBe(true);
    expect([...byLoc.keys()].filter((loc) => loc === '/')).toHaveLength(1);
  });

  it('falls back to the sync time without updated_at', () => {
    const byLoc = new Map(
      contentSitemapEntries({
        ...base,
        makers: [{ key: 'a' }, { key: 'b', updated_at: '2026-02-01T00:00:00.000Z' }],
        pages: [{ url: '/law/' }],
      }).map((e) => [e.loc, e.lastmod]),
    );
    expect(byLoc.get('/maker/a/')).toBe('2026-06-01T00:00:00.000Z');
    expect(byLoc.get('/maker/b/')).toBe('2026-02-01T00:00:00.000Z');
    expect(byLoc.get('/maker/')).toBe('2026-06-01T00:00:00.000Z');
    expect(byLoc.get('/law/')).toBe('2026-06-01T00:00:00.000Z');
  });
});
