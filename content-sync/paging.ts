/**
 * Page links for the pre-rendered news and blog lists (spec 9: 10 per page). Static pages cannot
 * read `?page=`, so page 1 is the list's own path and page n is `<list>/page/<n>/`.
 */
import type { Pagination } from '#contracts/common.ts';

export interface PageLink { page: number; href: string; current: boolean }

export interface PageLinks {
  prev: string | null;
  next: string | null;
  /** A window around the current page plus the first and last; 'gap' where pages are skipped. */
  pages: Array<PageLink | 'gap'>;
}

/** The pre-rendered URL of page `page` of the list at `basePath` ('/news/' → '/news/page/2/'). */
export function listPageHref(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}page/${page}/`;
}

/** The route param of page `page` for a `[...page]` route: undefined for page 1, 'page/<n>' after. */
export function listPageParam(page: number): string | undefined {
  return page <= 1 ? undefined : `page/${page}`;
}

/** prev/next and numbered links for page `current` of `last`, two pages either side of the current one. */
export function pageLinks(basePath: string, { current, last }: Pick<Pagination, 'current' | 'last'>): PageLinks {
  const pages: PageLinks['pages'] = [];
  for (let p = 1; p <= last; p += 1) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) pages.push({ page: p, href: listPageHref(basePath, p), current: p === current });
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return {
    prev: current > 1 ? listPageHref(basePath, current - 1) : null,
    next: current < last ? listPageHref(basePath, current + 1) : null,
    pages,
  };
}

/** 「お知らせ」 on page 1, 「お知らせ（2ページ目）」 after, so each page has its own title. */
export function listPageTitle(title: string, page: number): string {
  return page <= 1 ? title : `${title}（${page}ページ目）`;
}
