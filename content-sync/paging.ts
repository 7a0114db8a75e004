/**
 * Page links for the pre-rendered news and blog lists (spec 9: 10 per page). Static pages cannot
 * read `?page=`, so page 1 is the list's own path and page n is `<list>/page/<n>/`.
 */
import type { Pagination } from '#contracts/common.ts';
import { pageLinks as linksFor, type PageLinks } from '../src/lib/page-links.ts';

export type { PageLink, PageLinks } from '../src/lib/page-links.ts';

/** The pre-rendered URL of page `page` of the list at `basePath` ('/news/' → '/news/page/2/'). */
export function listPageHref(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}page/${page}/`;
}

/** The route param of page `page` for a `[...page]` route: undefined for page 1, 'page/<n>' after. */
export function listPageParam(page: number): string | undefined {
  return page <= 1 ? undefined : `page/${page}`;
}

/** prev/next and numbered links for page `current` of `last` of the list at `basePath`. */
export function pageLinks(basePath: string, { current, last }: Pick<Pagination, 'current' | 'last'>): PageLinks {
  return linksFor(current, last, (page) => listPageHref(basePath, page));
}

/** 「お知らせ」 on page 1, 「お知らせ（2ページ目）」 after, so each page has its own title. */
export function listPageTitle(title: string, page: number): string {
  return page <= 1 ? title : `${title}（${page}ページ目）`;
}
