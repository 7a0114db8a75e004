/**
 * News read marks for a logged-in member (POST /v1/news/readables), on the pre-rendered news pages:
 * the pages stay static and shared, and this script adds the member's state after load. A news
 * item's page marks it read; the list marks 既読 beside the items the member has read
 * (GET /v1/news/readables). Guests: nothing happens.
 */
import { api, isMember } from './discovery/api.ts';

interface Readable {
  news_id: number;
  key: string;
  read_at: string;
}

/** Adds the 既読 mark to an element once. */
function markRead(el: HTMLElement): void {
  if (el.dataset.read === 'true') return;
  el.dataset.read = 'true';
  const tag = Object.assign(document.createElement('span'), { className: 'tag tag-read', textContent: '既読' });
  (el.querySelector('[data-news-read-slot]') ?? el).append(tag);
}

export async function applyNewsReadMarks(root: ParentNode): Promise<void> {
  if (!isMember()) return;
  try {
    const detail = root.querySelector<HTMLElement>('[data-news-detail]');
    if (detail?.dataset.newsId) {
      await api<Readable>('POST', '/v1/news/readables', { body: { readable_id: Number(detail.dataset.newsId) } });
      markRead(detail);
    }
    const items = [...root.querySelectorAll<HTMLElement>('[data-news-item]')];
    if (items.length) {
      const read = new Set((await api<Readable[]>('GET', '/v1/news/readables')).map((r) => String(r.news_id)));
      for (const item of items) if (read.has(item.dataset.newsId ?? '')) markRead(item);
    }
  } catch {
    // Read marks are a nicety: a failed call leaves the page as it was.
  }
}
