/**
 * Rows to the wire shapes of contracts/content.ts. Every field that carries editor HTML goes
 * through the one sanitising policy (lib/html.ts) here, so no client of the API ever receives a
 * script or an event handler, whatever an editor typed.
 */
import type {
  Banner,
  Blog,
  Brand,
  FreeArea,
  LandingPage,
  Maker,
  Message,
  News,
  Popup,
  Qa,
  StaticPage,
  Stylist,
} from '#contracts/content.ts';
import { sanitizeBody } from '../../lib/html.ts';

// Bodies repeat on every read of a list; sanitising is pure, so a small cache spares the parse.
const CACHE_MAX = 500;
const cache = new Map<string, string>();
/** The sanitised form of editor HTML `html` (memoised). */
export function cleanHtml(html: string): string {
  let out = cache.get(html);
  if (out === undefined) {
    out = sanitizeBody(html);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(html, out);
  }
  return out;
}

const iso = (d: Date) => d.toISOString();
const stringArray = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const toMaker = (r: {
  id: number;
  key: string;
  name: string;
  name_kana: string;
  description: string;
  image: string | null;
  updated_at: Date;
}): Maker => ({
  id: r.id,
  key: r.key,
  name: r.name,
  name_kana: r.name_kana,
  description: cleanHtml(r.description),
  image: r.image,
  updated_at: iso(r.updated_at),
});

export const toBrand = (r: { id: number; key: string; name: string; maker_id: number | null }): Brand => ({
  id: r.id,
  key: r.key,
  name: r.name,
  maker_id: r.maker_id,
});

export const toStylist = (r: { id: number; key: string; name: string; profile: string; image: string | null }): Stylist => ({
  id: r.id,
  key: r.key,
  name: r.name,
  profile: cleanHtml(r.profile),
  image: r.image,
});

// The excerpt is plain text (the storefront prints it escaped), so it is left as written.
export const toBlog = (r: {
  id: number;
  key: string;
  title: string;
  excerpt: string;
  body: string;
  image: string | null;
  tags: unknown;
  published_at: Date;
  stylist_id?: number | null;
}): Blog => ({
  id: r.id,
  key: r.key,
  title: r.title,
  excerpt: r.excerpt,
  body: cleanHtml(r.body),
  image: r.image,
  tags: stringArray(r.tags),
  published_at: iso(r.published_at),
  stylist_id: r.stylist_id ?? null,
});

export const toNews = (r: { id: number; key: string; title: string; body: string; is_important: boolean; published_at: Date }): News => ({
  id: r.id,
  key: r.key,
  title: r.title,
  body: cleanHtml(r.body),
  is_important: r.is_important,
  published_at: iso(r.published_at),
});

export const toQa = (r: { id: number; question: string; answer: string; cat_id: number; cat_name: string }): Qa => ({
  id: r.id,
  question: r.question,
  answer: cleanHtml(r.answer),
  qa_category: { id: r.cat_id, name: r.cat_name },
});

export const toMessage = (r: { id: number; code: string; title: string; body: string; updated_at: Date }): Message => ({
  id: r.id,
  code: r.code,
  title: r.title,
  body: cleanHtml(r.body),
  updated_at: iso(r.updated_at),
});

export const toBanner = (r: {
  id: number;
  area: string;
  title: string;
  image: string | null;
  link: string | null;
  is_show: boolean;
  has_file?: boolean;
}): Banner => ({ id: r.id, area: r.area, title: r.title, image: r.image, link: r.link, is_show: r.is_show, has_file: r.has_file ?? false });

export const toPopup = (r: { id: number; title: string; body: string; is_show: boolean }): Popup => ({
  id: r.id,
  title: r.title,
  body: cleanHtml(r.body),
  is_show: r.is_show,
});

export const toFreeArea = (r: { id: number; code: string; body: string }): FreeArea => ({
  id: r.id,
  code: r.code,
  body: cleanHtml(r.body),
});

export const toLandingPage = (r: { id: number; key: string; title: string; body: string; updated_at: Date }): LandingPage => ({
  id: r.id,
  key: r.key,
  title: r.title,
  body: cleanHtml(r.body),
  updated_at: iso(r.updated_at),
});

export const toStaticPage = (r: { url: string; title: string; body: string; updated_at: Date }): StaticPage => ({
  url: r.url,
  title: r.title,
  body: cleanHtml(r.body),
  updated_at: iso(r.updated_at),
});
