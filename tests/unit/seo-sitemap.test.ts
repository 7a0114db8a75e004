// @vitest-environment jsdom
/**
 * The sitemap and robots.txt builders: valid sitemaps.org XML with escaped URLs and W3C lastmod,
 * at most 50,000 URLs per file, an index of child sitemaps at 100,000 products, every kind of
 * public page listed (list pages included) and robots.txt closing the private screens.
 */
import { describe, expect, it } from 'vitest';
import { robotsTxt } from '#lib/seo/robots.ts';
import {
  chunkEntries,
  newest,
  planSitemap,
  productSitemapPath,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  urlsetXml,
  w3cDate,
  xmlEscape,
} from '#lib/seo/sitemap.ts';
import { contentSitemapEntries } from '#lib/seo/sitemap-pages.ts';

const ORIGIN = 'https://shop.example.jp';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function parse(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}
const locs = (doc: Document) => [...doc.getElementsByTagNameNS(NS, 'loc')].map((l) => l.textContent);

describe('urlset', () => {
  it('is valid XML in the sitemaps namespace, URLs absolute and escaped, lastmod in W3C form', () => {
    const doc = parse(
      urlsetXml(
        [
          { loc: '/product/?category=a&brand=b', lastmod: '2026-04-01T10:00:00+09:00' },
          { loc: '/news/x/', lastmod: null },
          { loc: '/p/<\'"\u0001>/' },
        ],
        ORIGIN,
      ),
    );
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe(NS);
    expect(locs(doc)).toEqual([
      'https://shop.example.jp/product/?category=a&brand=b',
      'https://shop.example.jp/news/x/',
      "https://shop.example.jp/p/%3C'%22%01%3E/",
    ]);
    const lastmods = [...doc.getElementsByTagNameNS(NS, 'lastmod')].map((l) => l.textContent);
    expect(lastmods).toEqual(['2026-04-01T01:00:00.000Z']);
  });

  it('lists a URL once', () => {
    expect(locs(parse(urlsetXml([{ loc: '/a/' }, { loc: `${ORIGIN}/a/` }, { loc: '/b/' }], ORIGIN)))).toEqual([
      `${ORIGIN}/a/`,
      `${ORIGIN}/b/`,
    ]);
  });

  it('refuses more than 50,000 URLs', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `/product/p${i}/` }));
    expect(() => urlsetXml(many, ORIGIN)).toThrow(/50000/);
    expect(() => urlsetXml(many.slice(0, SITEMAP_MAX_URLS), ORIGIN)).not.toThrow();
  });
});

describe('splitting', () => {
  it('one file while everything fits, an index past 50,000 URLs', () => {
    expect(planSitemap(200, 49_800)).toEqual({ kind: 'urlset' });
    expect(planSitemap(201, 49_800)).toEqual({ kind: 'index', children: ['/sitemap-pages.xml', '/sitemap-products-1.xml'] });
  });

  it('100,000 products: the pages sitemap and two product sitemaps of 50,000', () => {
    const plan = planSitemap(500, 100_000);
    expect(plan).toEqual({ kind: 'index', children: ['/sitemap-pages.xml', productSitemapPath(1), productSitemapPath(2)] });
    expect(planSitemap(500, 100_001)).toMatchObject({ children: { length: 4 } });
  });

  it('chunks never exceed the limit and keep every entry in order', () => {
    const entries = Array.from({ length: 100_001 }, (_, i) => i);
    const chunks = chunkEntries(entries);
    expect(chunks.map((c) => c.length)).toEqual([50_000, 50_000, 1]);
    expect(chunks.flat()).toEqual(entries);
  });

  it('the index is valid XML of <sitemap> entries', () => {
    const doc = parse(
      sitemapIndexXml([{ loc: '/sitemap-pages.xml', lastmod: '2026-01-01T00:00:00Z' }, { loc: productSitemapPath(1) }], ORIGIN),
    );
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(doc.getElementsByTagNameNS(NS, 'sitemap')).toHaveLength(2);
    expect(locs(doc)).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-products-1.xml`]);
  });
});

describe('helpers', () => {
  it('xmlEscape escapes the five entities and drops characters XML forbids', () => {
    expect(xmlEscape(`a&b<c>d"e'f\u0000g\u000bh`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fgh');
  });
  it('w3cDate and newest', () => {
    expect(w3cDate('2026-04-01')).toBe('2026-04-01T00:00:00.000Z');
    expect(w3cDate('nope')).toBeUndefined();
    expect(newest(['2026-01-01T00:00:00Z', null, 'bad', '2026-03-01T00:00:00Z'])).toBe('2026-03-01T00:00:00.000Z');
    expect(newest([])).toBeUndefined();
  });
});

describe('the pages that are not products', () => {
  const news = Array.from({ length: 12 }, (_, i) => ({ key: `n${i}`, published_at: new Date(Date.UTC(2026, 0, 20 - i)).toISOString() }));
  const entries = contentSitemapEntries({
    blogs: [{ key: 'spring', published_at: '2026-03-01T00:00:00Z' }],
    news,
    makers: [{ key: 'maker-a' }],
    brands: [{ key: 'brand-a' }],
    pages: [{ url: '/law' }, { url: 'guide/' }, { url: '/' }],
    categories: [{ id: 1, key: 'tops', name: 'トップス', children: [{ id: 2, key: 'tshirts', name: 'Tシャツ', children: [] }] }],
    syncedAt: '2026-04-01T00:00:00Z',
    productsChangedAt: '2026-05-01T00:00:00Z',
  });
  const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod]));

  it('lists home, product list, categories (nested too), brands, makers, both post lists with their pages, posts and static pages', () => {
    expect([...byLoc.keys()]).toEqual(
      expect.arrayContaining([
        '/',
        '/product/',
        '/product/?category=tops',
        '/product/?category=tshirts',
        '/product/?brand=brand-a',
        '/maker/',
        '/maker/maker-a/',
        '/news/',
        '/news/page/2/',
        '/news/n0/',
        '/news/n11/',
        '/blog/',
        '/blog/spring/',
        '/law/',
        '/guide/',
      ]),
    );
    expect(byLoc.has('/news/page/3/')).toBe(false);
    expect(entries.filter((e) => e.loc === '/')).toHaveLength(1);
  });

  it('dates pages by their data: posts by publication, lists by their newest item, product pages by the newest product change', () => {
    expect(byLoc.get('/blog/spring/')).toBe('2026-03-01T00:00:00Z');
    expect(byLoc.get('/news/')).toBe(news[0]!.published_at);
    expect(byLoc.get('/news/page/2/')).toBe(news[10]!.published_at);
    expect(byLoc.get('/product/')).toBe('2026-05-01T00:00:00.000Z');
    expect(byLoc.get('/')).toBe('2026-05-01T00:00:00.000Z');
    expect(byLoc.get('/law/')).toBe('2026-04-01T00:00:00.000Z');
    for (const [loc, lastmod] of byLoc) expect(lastmod, loc).toBeTruthy();
  });
});

describe('robots.txt', () => {
  const text = robotsTxt(ORIGIN);
  it('allows the shop, disallows the private screens and names the sitemap on SITE_URL', () => {
    expect(text.split('\n')[0]).toBe('User-agent: *');
    expect(text).toContain('Allow: /\n');
    for (const path of ['/mypage/', '/cart/', '/admin/', '/login/', '/register/', '/reminder/', '/social-gift/'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(product|news|blog|maker)\//);
    expect(text).toContain('Sitemap: https://shop.example.jp/sitemap.xml');
  });
});
