/**
 * URLs of the SEO tags: the origin from SITE_URL, absolute URLs, canonical URLs (the product list
 * keeps category, maker, brand and page, and drops sort, filters and keyword), the head tags and the
 * meta description text.
 */
import { describe, expect, it } from 'vitest';
import { canonicalProductListUrl, canonicalUrl } from '#lib/seo/canonical.ts';
import { defaultDescription, seoTags } from '#lib/seo/head.ts';
import { absoluteUrl, siteOrigin } from '#lib/seo/site.ts';
import { htmlToText, metaDescription } from '#lib/seo/text.ts';

const ORIGIN = 'https://shop.example.jp';

describe('site origin and absolute URLs', () => {
  it('SITE_URL without its trailing slash; a base path kept; unusable values fall back to localhost', () => {
    expect(siteOrigin('https://shop.example.jp/')).toBe('https://shop.example.jp');
    expect(siteOrigin('https://example.jp/shop/')).toBe('https://example.jp/shop');
    expect(siteOrigin('')).toBe('http://localhost:4321');
    expect(siteOrigin(undefined)).toMatch(/^https?:\/\//);
    expect(siteOrigin('not a url')).toBe('http://localhost:4321');
    expect(siteOrigin('javascript:alert(1)')).toBe('http://localhost:4321');
  });

  it('paths become absolute on the origin, absolute URLs stay as they are', () => {
    expect(absoluteUrl('/product/a/', ORIGIN)).toBe('https://shop.example.jp/product/a/');
    expect(absoluteUrl('images/x.jpg', ORIGIN)).toBe('https://shop.example.jp/images/x.jpg');
    expect(absoluteUrl('/product/a/', 'https://example.jp/shop')).toBe('https://example.jp/shop/product/a/');
    expect(absoluteUrl('https://cdn.example.jp/x.jpg', ORIGIN)).toBe('https://cdn.example.jp/x.jpg');
    expect(absoluteUrl('//cdn.example.jp/x.jpg', ORIGIN)).toBe('https://cdn.example.jp/x.jpg');
    expect(absoluteUrl('/商品/', ORIGIN)).toBe('https://shop.example.jp/%E5%95%86%E5%93%81/');
  });
});

describe('canonical URLs', () => {
  it('a page: its path without query or fragment', () => {
    expect(canonicalUrl('/news/n1/?utm_source=x#top', ORIGIN)).toBe('https://shop.example.jp/news/n1/');
  });

  const list = (query: string) => canonicalProductListUrl(new URL(`http://internal:4321/product/${query}`), ORIGIN);

  it('the product list keeps what it is about and drops how it is viewed', () => {
    expect(list('')).toBe('https://shop.example.jp/product/');
    expect(list('?sort=price_asc')).toBe('https://shop.example.jp/product/');
    expect(list('?category=tops&sort=new&in_stock=1&price_min=1000')).toBe('https://shop.example.jp/product/?category=tops');
    expect(list('?brand=b1&maker=m1&category=c1')).toBe('https://shop.example.jp/product/?category=c1&maker=m1&brand=b1');
    expect(list('?keyword=%E3%82%B7%E3%83%A3%E3%83%84')).toBe('https://shop.example.jp/product/');
  });

  it('page n stays on the plain list, page 1 and pages of a filtered view do not', () => {
    expect(list('?category=tops&page=3')).toBe('https://shop.example.jp/product/?category=tops&page=3');
    expect(list('?page=1')).toBe('https://shop.example.jp/product/');
    expect(list('?page=abc')).toBe('https://shop.example.jp/product/');
    expect(list('?page=3&sort=price_desc')).toBe('https://shop.example.jp/product/');
  });

  it('a key that is not a key is left out', () => {
    expect(list('?category=%3Cscript%3E')).toBe('https://shop.example.jp/product/');
    expect(list(`?category=${'a'.repeat(101)}`)).toBe('https://shop.example.jp/product/');
  });
});

describe('head tags', () => {
  const base = {
    fullTitle: 'Tシャツ | ショップ',
    siteName: 'ショップ',
    defaultDescription: 'ショップの公式オンラインショップです。',
    path: '/product/tee/',
  };

  it('canonical, description, Open Graph and a summary card without an image', () => {
    const tags = seoTags({ ...base, description: '<p>綿100%</p>' }, ORIGIN);
    expect(tags.canonical).toBe('https://shop.example.jp/product/tee/');
    expect(tags.description).toBe('綿100%');
    expect(Object.fromEntries(tags.og)).toMatchObject({
      'og:title': 'Tシャツ | ショップ',
      'og:description': '綿100%',
      'og:url': 'https://shop.example.jp/product/tee/',
      'og:type': 'website',
      'og:locale': 'ja_JP',
    });
    expect(Object.fromEntries(tags.og)).not.toHaveProperty('og:image');
    expect(Object.fromEntries(tags.twitter)).toMatchObject({ 'twitter:card': 'summary', 'twitter:title': 'Tシャツ | ショップ' });
  });

  it('an image makes og:image absolute and a large card', () => {
    const tags = seoTags({ ...base, image: '/images/products/tee.svg', ogType: 'product', canonical: '/product/tee/' }, ORIGIN);
    expect(Object.fromEntries(tags.og)['og:image']).toBe('https://shop.example.jp/images/products/tee.svg');
    expect(Object.fromEntries(tags.og)['og:type']).toBe('product');
    expect(Object.fromEntries(tags.twitter)['twitter:card']).toBe('summary_large_image');
  });

  it('without a description the default; a noindex page has no canonical URL', () => {
    const tags = seoTags({ ...base, description: '  ', robots: 'noindex' }, ORIGIN);
    expect(tags.description).toBe('ショップの公式オンラインショップです。');
    expect(tags.canonical).toBeNull();
  });

  it('the default description comes from SITE.DESCRIPTION, else from the shop name', () => {
    expect(defaultDescription('ショップ', { 'SITE.DESCRIPTION': '<b>上質な</b>日用品の店' })).toBe('上質な日用品の店');
    expect(defaultDescription('ショップ', null)).toBe('ショップの公式オンラインショップです。');
    expect(defaultDescription('ショップ', { 'SITE.DESCRIPTION': 3 })).toBe('ショップの公式オンラインショップです。');
  });
});

describe('meta description text', () => {
  it('HTML to text: tags, scripts and comments gone (a space only between blocks), entities decoded, spaces collapsed', () => {
    expect(
      htmlToText('<p>春の<strong>新作</strong></p>\n<script>alert(1)</script><!-- x --><p>&lt;限定&gt; &amp; &#x1F600; &#12354;</p>'),
    ).toBe('春の新作 <限定> & 😀 あ');
  });

  it('cut to 120 characters by code point with 「…」, the first non-empty source, else the fallback', () => {
    const long = '😀'.repeat(200);
    const cut = metaDescription([long], 'x');
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(metaDescription([null, '', '<p> </p>', '二番目'], 'x')).toBe('二番目');
    expect(metaDescription([undefined], '既定')).toBe('既定');
  });
});
