/** Page links of a paged list: prev/next and a window of numbered pages, whatever the URL scheme. */

export interface PageLink {
  page: number;
  href: string;
  current: boolean;
}

export interface PageLinks {
  prev: string | null;
  next: string | null;
  /** A window around the current page plus the first and last; 'gap' where pages are skipped. */
  pages: Array<PageLink | 'gap'>;
}

/** prev/next and numbered links for page `current` of `last`, two pages either side of the current one. */
export function pageLinks(current: number, last: number, hrefFor: (page: number) => string): PageLinks {
  const pages: PageLinks['pages'] = [];
  for (let p = 1; p <= last; p += 1) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) pages.push({ page: p, href: hrefFor(p), current: p === current });
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return {
    prev: current > 1 ? hrefFor(current - 1) : null,
    next: current < last ? hrefFor(current + 1) : null,
    pages,
  };
}

/** `?page=n` on `baseUrl`, keeping its other query parameters; page 1 has none (clean canonical URL). */
export function queryPageHref(baseUrl: URL | string, page: number): string {
  const url = new URL(String(baseUrl), 'http://x');
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}
