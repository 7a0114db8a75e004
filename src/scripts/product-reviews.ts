/**
 * 「もっと見る」 of the product reviews: loads the next page of GET /v1/products/{key}/reviews
 * (newest first) and appends it in place, until the last page (pagination headers). Loaded by
 * ProductReviews.astro only when the section comes into view; the link works without it.
 */
const PER = 5;

interface Review {
  id: number;
  nickname: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
}

function meta(name: string): string | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
}

function jstDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function reviewItem(r: Review): HTMLLIElement {
  const rating = Math.max(1, Math.min(5, r.rating | 0));
  const stars = el(
    'span',
    { className: 'review-stars' },
    '★'.repeat(rating),
    el('span', { className: 'stars-off' }, '★'.repeat(5 - rating)),
  );
  stars.setAttribute('aria-hidden', 'true');
  const time = el('time', { dateTime: r.created_at }, jstDate(r.created_at));
  return el(
    'li',
    { className: 'review' },
    el(
      'p',
      { className: 'review-head' },
      stars,
      el('span', { className: 'visually-hidden' }, `5点満点中${rating}点`),
      el('strong', { className: 'review-title' }, r.title),
    ),
    el('p', { className: 'review-meta muted' }, `${r.nickname}さん・`, time),
    el('p', { className: 'review-body pre-line' }, r.body),
  );
}

const section = document.querySelector<HTMLElement>('[data-reviews]');
const more = section?.querySelector<HTMLAnchorElement>('[data-reviews-more]');
if (section && more) {
  let page = Number(section.dataset.page) || 1;
  let busy = false;
  const status = section.querySelector<HTMLElement>('[data-reviews-status]');
  more.addEventListener('click', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    more.setAttribute('aria-busy', 'true');
    try {
      const base = (meta('shop:api-base') ?? '').replace(/\/+$/, '');
      const res = await fetch(
        `${base}/v1/products/${encodeURIComponent(section.dataset.productKey ?? '')}/reviews?page=${page + 1}&per=${PER}`,
        {
          headers: { 'X-Channel-Id': meta('shop:channel') || 'default', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
        },
      );
      if (!res.ok) throw new Error(String(res.status));
      const items = (await res.json()) as Review[];
      page += 1;
      let list = section.querySelector<HTMLOListElement>('[data-review-list]');
      if (!list) {
        list = el('ol', { className: 'review-list' });
        list.dataset.reviewList = '';
        more.before(list);
      }
      list.append(...items.map(reviewItem));
      const last = Number(res.headers.get('x-last-page')) || page;
      if (status) status.textContent = `レビューを${items.length}件読み込みました。`;
      if (page >= last) more.remove();
      else more.href = `?review_page=${page + 1}#reviews`;
    } catch {
      if (status) status.textContent = 'レビューを読み込めませんでした。';
    } finally {
      busy = false;
      more.removeAttribute('aria-busy');
    }
  });
  // Loads in place from now on (until here the link goes to the next page's URL).
  section.dataset.enhanced = 'true';
}

// A module (ProductReviews.astro imports it on demand).
export {};
