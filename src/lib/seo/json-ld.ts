/**
 * schema.org JSON-LD builders and the one way to put JSON-LD in a page. The Product object of the
 * product page lives with its theme screen (themes/default/components/product-json-ld.ts).
 */
import { absoluteUrl, siteOrigin } from './site.ts';

export type JsonLd = Record<string, unknown>;

/**
 * The text of a <script type="application/ld+json">. `<`, `>` and `&` become JSON escapes, so no
 * content (「</script>」 in a title, `<!--`) can end the element or start markup, and U+2028/2029
 * too, for parsers that read JSON as JavaScript. The browser treats the element as data: it never
 * runs, so the CSP's script hashes do not apply to it.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shop as an Organization (home page). */
export function organizationJsonLd(name: string, origin: string = siteOrigin()): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name,
    url: absoluteUrl('/', origin),
    logo: absoluteUrl('/favicon.svg', origin),
  };
}

/** The site with its search box: /product/?keyword={search_term_string} (home page). */
export function webSiteJsonLd(name: string, origin: string = siteOrigin()): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name,
    url: absoluteUrl('/', origin),
    inLanguage: 'ja',
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/product/', origin)}?keyword={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  /** Site path or absolute URL; the last crumb (the page itself) may omit it. */
  path?: string;
}

/** A BreadcrumbList; positions from 1, URLs absolute. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string = siteOrigin()): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: absoluteUrl(crumb.path, origin) } : {}),
    })),
  };
}

export interface ArticleInput {
  type: 'BlogPosting' | 'NewsArticle';
  headline: string;
  description: string;
  path: string;
  publishedAt: string;
  image?: string | null;
  siteName: string;
}

/** A blog post (BlogPosting) or a news item (NewsArticle), published by the shop. */
export function articleJsonLd(input: ArticleInput, origin: string = siteOrigin()): JsonLd {
  const url = absoluteUrl(input.path, origin);
  const published = new Date(input.publishedAt);
  return {
    '@context': 'https://schema.org',
    '@type': input.type,
    // Search engines cut headlines at 110 characters.
    headline: Array.from(input.headline).slice(0, 110).join(''),
    description: input.description,
    url,
    mainEntityOfPage: url,
    ...(Number.isNaN(published.getTime()) ? {} : { datePublished: published.toISOString() }),
    ...(input.image ? { image: [absoluteUrl(input.image, origin)] } : {}),
    inLanguage: 'ja',
    author: { '@type': 'Organization', name: input.siteName, url: absoluteUrl('/', origin) },
    publisher: {
      '@type': 'Organization',
      name: input.siteName,
      logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg', origin) },
    },
  };
}
