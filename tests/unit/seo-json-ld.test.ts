// @vitest-environment jsdom
/**
 * JSON-LD: no content can break out of its <script type="application/ld+json"> (「</script>」 in a
 * title, comments, line separators), the text parses back to the same object, and the builders give
 * the schema.org shapes the spec asks for (WebSite search action, breadcrumbs, articles).
 */
import { describe, expect, it } from 'vitest';
import { articleJsonLd, breadcrumbJsonLd, jsonLdText, organizationJsonLd, webSiteJsonLd } from '#lib/seo/json-ld.ts';
import { homeSeo, postSeo, productSeo } from '#lib/seo/page-seo.ts';
import { product } from './fixtures.ts';

const ORIGIN = 'https://shop.example.jp';

/** What a browser makes of the text inside a JSON-LD script element in a page. */
function inPage(text: string) {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head><script type="application/ld+json">${text}</script></head><body><p id="after">after</p></body></html>`,
    'text/html',
  );
  return { scripts: doc.querySelectorAll('script'), doc };
}

describe('jsonLdText', () => {
  const hostile = {
    name: 'Tシャツ </script><script>alert(1)</script>',
    comment: '<!-- <script> -->',
    amp: 'A & B > C',
    separators: 'line\u2028para\u2029end',
    quote: '"\\',
  };

  it('keeps every < > & and line separator out of the text, so a title cannot close the element', () => {
    const text = jsonLdText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    const { scripts, doc } = inPage(text);
    expect(scripts).toHaveLength(1);
    expect(doc.getElementById('after')?.textContent).toBe('after');
  });

  it('parses back to the same object', () => {
    const { scripts } = inPage(jsonLdText(hostile));
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual(hostile);
  });

  it('an unescaped stringify would break out (the test can fail)', () => {
    const { scripts } = inPage(JSON.stringify(hostile));
    expect(scripts.length).toBeGreaterThan(1);
  });
});

describe('builders', () => {
  it('WebSite has a SearchAction on /product/?keyword={search_term_string}', () => {
    const site = webSiteJsonLd('テストショップ', ORIGIN) as {
      '@type': string;
      potentialAction: { '@type': string; target: { urlTemplate: string }; 'query-input': string };
    };
    expect(site['@type']).toBe('WebSite');
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target.urlTemplate).toBe('https://shop.example.jp/product/?keyword={search_term_string}');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('Organization names the shop with its URL and logo', () => {
    expect(organizationJsonLd('テストショップ', ORIGIN)).toMatchObject({
      '@type': 'Organization',
      name: 'テストショップ',
      url: 'https://shop.example.jp/',
      logo: 'https://shop.example.jp/favicon.svg',
    });
  });

  it('BreadcrumbList numbers crumbs from 1 with absolute URLs; the last may have none', () => {
    const list = breadcrumbJsonLd([{ name: 'ホーム', path: '/' }, { name: '商品一覧', path: '/product/' }, { name: 'いま' }], ORIGIN);
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'ホーム', item: 'https://shop.example.jp/' },
        { '@type': 'ListItem', position: 2, name: '商品一覧', item: 'https://shop.example.jp/product/' },
        { '@type': 'ListItem', position: 3, name: 'いま' },
      ],
    });
  });

  it('Article: type, headline cut at 110 characters, ISO date, absolute image, publisher', () => {
    const article = articleJsonLd(
      {
        type: 'BlogPosting',
        headline: 'あ'.repeat(200),
        description: '説明',
        path: '/blog/a/',
        publishedAt: '2026-04-01T10:00:00+09:00',
        image: '/img/a.jpg',
        siteName: 'ショップ',
      },
      ORIGIN,
    );
    expect(article).toMatchObject({
      '@type': 'BlogPosting',
      url: 'https://shop.example.jp/blog/a/',
      datePublished: '2026-04-01T01:00:00.000Z',
      image: ['https://shop.example.jp/img/a.jpg'],
      publisher: { '@type': 'Organization', name: 'ショップ' },
    });
    expect(Array.from(article.headline as string)).toHaveLength(110);
    const news = articleJsonLd(
      { type: 'NewsArticle', headline: 'お知らせ', description: '', path: '/news/n/', publishedAt: 'not a date', siteName: 'ショップ' },
      ORIGIN,
    );
    expect(news['@type']).toBe('NewsArticle');
    expect(news).not.toHaveProperty('datePublished');
    expect(news).not.toHaveProperty('image');
  });
});

describe('page SEO', () => {
  it('home carries Organization and WebSite', () => {
    expect(homeSeo('ショップ', ORIGIN).jsonLd.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
  });

  it('a product: canonical without query, its text as description, its image, crumbs through its category', () => {
    const p = product(1, {
      key: 'tee-navy-m',
      name: 'Tシャツ',
      description: '<b>綿100%</b>\n\nやわらか',
      image: '/images/products/tee.svg',
    });
    const seo = productSeo(p, ORIGIN);
    expect(seo.canonical).toBe('/product/tee-navy-m/');
    expect(seo.description).toBe('綿100% やわらか');
    expect(seo.image).toBe('/images/products/tee.svg');
    expect(seo.ogType).toBe('product');
    const crumbs = (seo.jsonLd[0] as { itemListElement: Array<{ name: string; item: string }> }).itemListElement;
    expect(crumbs[0]!.name).toBe('ホーム');
    expect(crumbs.at(-1)).toMatchObject({ name: 'Tシャツ', item: 'https://shop.example.jp/product/tee-navy-m/' });
  });

  it('a blog post is a BlogPosting described by its excerpt; a news item a NewsArticle described by its body text', () => {
    const blog = postSeo(
      'blog',
      {
        id: 1,
        key: 'spring',
        title: '春',
        excerpt: '春の新作',
        body: '<p>本文</p>',
        image: '/b.jpg',
        tags: [],
        published_at: '2026-03-01T00:00:00Z',
      },
      'ショップ',
      ORIGIN,
    );
    expect(blog.jsonLd.map((d) => d['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(blog.description).toBe('春の新作');
    expect(blog.image).toBe('/b.jpg');
    const news = postSeo(
      'news',
      { id: 2, key: 'n1', title: '休業', body: '<p>年末年始は&amp;休業</p>', is_important: false, published_at: '2026-12-01T00:00:00Z' },
      'ショップ',
      ORIGIN,
    );
    expect(news.jsonLd[0]!['@type']).toBe('NewsArticle');
    expect(news.description).toBe('年末年始は&休業');
  });
});
