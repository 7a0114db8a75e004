/**
 * The SEO part of every page's <head> as data (src/components/BaseHead.astro renders it): canonical,
 * meta description, Open Graph and Twitter card. Pure, so the rules are unit tested.
 */
import { canonicalUrl } from './canonical.ts';
import { absoluteUrl, siteOrigin } from './site.ts';
import { metaDescription } from './text.ts';

export type OgType = 'website' | 'article' | 'product';

export interface SeoInput {
  /** The page's full <title>. */
  fullTitle: string;
  siteName: string;
  /** The page's own description (plain text or HTML); the default below when empty. */
  description?: string | null;
  defaultDescription: string;
  /** The request's path; the canonical URL unless `canonical` is given. */
  path: string;
  /** A path or absolute URL that replaces the page's own (e.g. the product list without its sort). */
  canonical?: string;
  /** 'noindex…': no canonical URL (it would point search engines at a page they are told to drop). */
  robots?: string;
  image?: string | null;
  ogType?: OgType;
}

export interface SeoTags {
  canonical: string | null;
  description: string;
  og: Array<[property: string, content: string]>;
  twitter: Array<[name: string, content: string]>;
}

/** The tags of a page's head. */
export function seoTags(input: SeoInput, origin: string = siteOrigin()): SeoTags {
  const indexable = !/\bnoindex\b/i.test(input.robots ?? '');
  const url = input.canonical ? absoluteUrl(input.canonical, origin) : canonicalUrl(input.path, origin);
  const description = metaDescription([input.description], input.defaultDescription);
  const image = input.image ? absoluteUrl(input.image, origin) : null;
  return {
    canonical: indexable ? url : null,
    description,
    og: [
      ['og:site_name', input.siteName],
      ['og:locale', 'ja_JP'],
      ['og:type', input.ogType ?? 'website'],
      ['og:title', input.fullTitle],
      ['og:description', description],
      ['og:url', url],
      ...(image ? [['og:image', image] as [string, string]] : []),
    ],
    twitter: [
      ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ['twitter:title', input.fullTitle],
      ['twitter:description', description],
      ...(image ? [['twitter:image', image] as [string, string]] : []),
    ],
  };
}

/** The description of pages that have none of their own: SITE.DESCRIPTION from the settings, else one from the name. */
export function defaultDescription(siteName: string, settings: Record<string, unknown> | null | undefined): string {
  const configured = settings?.['SITE.DESCRIPTION'];
  return typeof configured === 'string' && configured.trim()
    ? metaDescription([configured], '')
    : `${siteName}の公式オンラインショップです。`;
}
