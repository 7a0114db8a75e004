/**
 * SEO and sharing against the real shop: /sitemap.xml is valid XML listing every kind of public
 * page with lastmod (a product, a post, a static page among them) and no private screen;
 * /robots.txt closes the private screens and names the sitemap on SITE_URL; every public page type
 * has exactly one absolute canonical URL, a meta description, Open Graph and Twitter tags and
 * parseable JSON-LD of its type, with no CSP violation. Run with E2E_PORT=<own port>.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** One of each content kind, from the API the shop was built from. */
async function samples(request: APIRequestContext) {
  const [product] = await api<Array<{ key: string; name: string; image: string }>>(request, '/v1/products?per=1');
  const [blog] = await api<Array<{ key: string; title: string; image: string | null }>>(request, '/v1/blogs?per=1');
  const [news] = await api<Array<{ key: string; title: string }>>(request, '/v1/news?per=1');
  const [maker] = await api<Array<{ key: string; name: string }>>(request, '/v1/makers?per=1');
  const pages = await api<Array<{ url: string; title: string }>>(request, '/v1/static-pages/urls');
  const staticPage = pages.find((p) => p.url.replace(/^\/|\/$/g, '') !== '')!;
  expect(product && blog && news && maker && staticPage, 'the seed has one of each').toBeTruthy();
  const staticPath = `/${staticPage.url.replace(/^\/+|\/+$/g, '')}/`;
  return { product: product!, blog: blog!, news: news!, maker: maker!, staticPage: { ...staticPage, path: staticPath } };
}

/** The sitemap's <url> entries as loc → lastmod, parsed by the browser's XML parser (which fails on invalid XML). */
async function parseSitemap(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.querySelector('parsererror')?.textContent ?? null;
    const root = doc.documentElement;
    const entries = [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'lastmod')[0]?.textContent ?? null,
    }));
    return { error, root: root.localName, namespace: root.namespaceURI, entries };
  }, xml);
}

test('/sitemap.xml is valid XML listing products, posts, makers and static pages with lastmod, and no private screen', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await samples(request);
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  expect(res.headers()['cache-control']).toMatch(/max-age=\d+/);
  await page.goto('/');
  const sitemap = await parseSitemap(page, await res.text());
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe('urlset');
  expect(sitemap.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const byLoc = new Map(sitemap.entries.map((e) => [e.loc, e.lastmod]));
  expect(byLoc.size, 'no URL twice').toBe(sitemap.entries.length);

  const expected = [
    `${baseURL}/`,
    `${baseURL}/product/`,
    `${baseURL}/product/${s.product.key}/`,
    `${baseURL}/blog/`,
    `${baseURL}/blog/${s.blog.key}/`,
    `${baseURL}/news/`,
    `${baseURL}/news/${s.news.key}/`,
    `${baseURL}/maker/`,
    `${baseURL}/maker/${s.maker.key}/`,
    `${baseURL}${s.staticPage.path}`,
  ];
  for (const loc of expected) {
    expect(byLoc.has(loc), `${loc} listed`).toBe(true);
    expect(byLoc.get(loc), `${loc} has a W3C lastmod`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  }
  // Every published product of the channel is there.
  const total = Number((await request.get('/v1/products?group=0&per=1', { headers: apiHeaders })).headers()['x-total']);
  expect(
    sitemap.entries.filter((e) => new URL(e.loc).pathname.startsWith('/product/') && new URL(e.loc).pathname !== '/product/').length,
  ).toBe(total);
  // Absolute on SITE_URL, never a private screen.
  for (const { loc } of sitemap.entries) {
    expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    expect(new URL(loc).pathname).not.toMatch(/^\/(mypage|cart|login|register|ec|admin)\//);
  }
  // The product child sitemap (what the index points at past 50,000 URLs) answers too; past the last page is 404.
  const child = await parseSitemap(page, await (await request.get('/sitemap-products-1.xml')).text());
  expect(child.error).toBeNull();
  expect(child.entries.map((e) => e.loc)).toContain(`${baseURL}/product/${s.product.key}/`);
  expect((await request.get('/sitemap-products-2.xml')).status()).toBe(404);
  const pagesChild = await parseSitemap(page, await (await request.get('/sitemap-pages.xml')).text());
  expect(pagesChild.entries.map((e) => e.loc)).toContain(`${baseURL}/blog/${s.blog.key}/`);
});

test('/robots.txt allows the shop, disallows the private screens and names the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/plain');
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  for (const path of ['/mypage/', '/cart/', '/admin/', '/login/']) expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
  expect(text).not.toMatch(/^Disallow: \/(product|blog|news)\//m);
  expect(text).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, 'm'));
});

interface Head {
  canonical: string[];
  description: string[];
  og: Record<string, string[]>;
  twitterCard: string[];
  jsonLd: Array<Record<string, unknown>>;
}

/** The SEO tags of the page's head; JSON-LD parsed (a parse error fails the test). */
async function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const contents = (selector: string) =>
      [...document.querySelectorAll(selector)].map((el) => el.getAttribute('content') ?? el.getAttribute('href') ?? '');
    const og: Record<string, string[]> = {};
    for (const el of document.querySelectorAll('meta[property^="og:"]'))
      (og[el.getAttribute('property')!] ??= []).push(el.getAttribute('content') ?? '');
    return {
      canonical: contents('link[rel="canonical"]'),
      description: contents('meta[name="description"]'),
      og,
      twitterCard: contents('meta[name="twitter:card"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent ?? '')),
    };
  });
}

test('every public page type has one canonical URL, a description, Open Graph, a Twitter card and JSON-LD of its type', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await samples(request);
  const cases: Array<{ name: string; path: string; canonical: string; types: string[]; image?: boolean }> = [
    { name: 'home', path: '/', canonical: '/', types: ['Organization', 'WebSite'] },
    { name: 'product list', path: '/product/', canonical: '/product/', types: ['BreadcrumbList'] },
    {
      name: 'product list, sorted and filtered',
      path: '/product/?sort=price_asc&in_stock=1&page=1',
      canonical: '/product/',
      types: ['BreadcrumbList'],
    },
    {
      name: 'product detail',
      path: `/product/${s.product.key}/?review_page=1`,
      canonical: `/product/${s.product.key}/`,
      types: ['Product', 'BreadcrumbList'],
      image: true,
    },
    { name: 'news list', path: '/news/', canonical: '/news/', types: ['BreadcrumbList'] },
    { name: 'news item', path: `/news/${s.news.key}/`, canonical: `/news/${s.news.key}/`, types: ['NewsArticle', 'BreadcrumbList'] },
    { name: 'blog list', path: '/blog/', canonical: '/blog/', types: ['BreadcrumbList'] },
    {
      name: 'blog post',
      path: `/blog/${s.blog.key}/`,
      canonical: `/blog/${s.blog.key}/`,
      types: ['BlogPosting', 'BreadcrumbList'],
      image: !!s.blog.image,
    },
    { name: 'maker list', path: '/maker/', canonical: '/maker/', types: ['BreadcrumbList'] },
    { name: 'maker', path: `/maker/${s.maker.key}/`, canonical: `/maker/${s.maker.key}/`, types: ['BreadcrumbList'] },
    { name: 'static page', path: s.staticPage.path, canonical: s.staticPage.path, types: ['BreadcrumbList'] },
  ];
  // The FAQ joins the list once its page exists.
  if ((await request.get('/faq/')).status() === 200) cases.push({ name: 'FAQ', path: '/faq/', canonical: '/faq/', types: [] });

  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspErrors.push(msg.text());
  });
  for (const c of cases) {
    await test.step(c.name, async () => {
      const res = await page.goto(c.path);
      expect(res?.status(), c.path).toBe(200);
      const head = await readHead(page);
      expect(head.canonical, `${c.name}: one canonical`).toEqual([`${baseURL}${c.canonical}`]);
      expect(head.description).toHaveLength(1);
      expect(head.description[0]!.length, `${c.name}: description`).toBeGreaterThan(5);
      expect(head.description[0]!.length).toBeLessThanOrEqual(160);
      expect(head.description[0]).not.toMatch(/<[a-z/]/i);
      expect(head.og['og:title'], `${c.name}: og:title`).toEqual([await page.title()]);
      expect(head.og['og:description']).toEqual(head.description);
      expect(head.og['og:url']).toEqual([`${baseURL}${c.canonical}`]);
      expect(head.og['og:type']).toHaveLength(1);
      expect(head.twitterCard).toHaveLength(1);
      expect(['summary', 'summary_large_image']).toContain(head.twitterCard[0]);
      if (c.image) {
        expect(head.og['og:image']?.[0], `${c.name}: og:image`).toMatch(/^https?:\/\//);
        expect(head.twitterCard[0]).toBe('summary_large_image');
      }
      const types = head.jsonLd.map((d) => d['@type']);
      for (const type of c.types) expect(types, `${c.name}: JSON-LD ${type}`).toContain(type);
    });
  }
  expect(cspErrors).toEqual([]);
});

test('JSON-LD carries the right facts: search action, product offer, article dates, breadcrumb positions', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await samples(request);
  await page.goto('/');
  const home = (await readHead(page)).jsonLd;
  const site = home.find((d) => d['@type'] === 'WebSite') as {
    potentialAction: { target: { urlTemplate: string }; 'query-input': string };
  };
  expect(site.potentialAction.target.urlTemplate).toBe(`${baseURL}/product/?keyword={search_term_string}`);
  expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
  // The search action's URL really searches.
  const search = await page.goto(`/product/?keyword=${encodeURIComponent(s.product.name.slice(0, 4))}`);
  expect(search?.status()).toBe(200);

  const product = await api<{ product_price_with_tax: number; stock_status: string; review_count: number }>(
    request,
    `/v1/products/${s.product.key}`,
  );
  await page.goto(`/product/${s.product.key}/`);
  const ld = (await readHead(page)).jsonLd;
  const productLd = (
    await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? '')))
  ).find((d) => d['@type'] === 'Product');
  expect(productLd.offers).toMatchObject({
    '@type': 'Offer',
    priceCurrency: 'JPY',
    price: product.product_price_with_tax,
    url: `${baseURL}/product/${s.product.key}/`,
  });
  for (const image of productLd.image as string[]) expect(image.startsWith(`${baseURL}/`) || /^https:\/\//.test(image), image).toBe(true);
  expect(productLd.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
  expect('aggregateRating' in productLd).toBe(product.review_count > 0);
  const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as {
    itemListElement: Array<{ position: number; name: string; item?: string }>;
  };
  expect(crumbs.itemListElement.map((c) => c.position)).toEqual(crumbs.itemListElement.map((_, i) => i + 1));
  expect(crumbs.itemListElement[0]).toMatchObject({ name: 'ホーム', item: `${baseURL}/` });
  expect(crumbs.itemListElement.at(-1)).toMatchObject({ item: `${baseURL}/product/${s.product.key}/` });

  await page.goto(`/blog/${s.blog.key}/`);
  const post = (await readHead(page)).jsonLd.find((d) => d['@type'] === 'BlogPosting')!;
  expect(post).toMatchObject({ headline: s.blog.title, url: `${baseURL}/blog/${s.blog.key}/` });
  expect(Number.isNaN(Date.parse(String(post.datePublished)))).toBe(false);
});

test('a category page: canonical without sort and filters, breadcrumbs down the category path', async ({ page, request, baseURL }) => {
  const tree = await api<Array<{ key: string; name: string; children: Array<{ key: string; name: string }> }>>(
    request,
    '/v1/categories/hierarchy?table=products',
  );
  const parent = tree.find((c) => c.children.length > 0)!;
  const child = parent.children[0]!;
  const res = await page.goto(`/product/?category=${encodeURIComponent(child.key)}&sort=price_asc&in_stock=1`);
  expect(res?.status()).toBe(200);
  const head = await readHead(page);
  expect(head.canonical).toEqual([`${baseURL}/product/?category=${encodeURIComponent(child.key)}`]);
  const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string; item: string }> };
  expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['ホーム', '商品一覧', parent.name, child.name]);
  expect(crumbs.itemListElement.at(-1)!.item).toBe(`${baseURL}/product/?category=${encodeURIComponent(child.key)}`);
});

test('private screens are noindex without a canonical URL, and still have a description', async ({ page, baseURL }) => {
  await page.goto('/cart/');
  const head = await readHead(page);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  expect(head.canonical).toEqual([]);
  expect(head.description).toHaveLength(1);
  expect(head.og['og:url']).toEqual([`${baseURL}/cart/`]);
});
