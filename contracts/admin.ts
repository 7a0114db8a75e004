/**
 * The editor API (/admin/v1): editor login and the CMS content editors change. Shared by the Shop
 * API (validation, OpenAPI) and the storefront's /admin/ screens. Every field names itself in
 * Japanese (the label passed here), so a 422 says which field is wrong and how; lengths stay well
 * inside what a page can show, keys and URLs are limited to characters that are safe in a path.
 * HTML fields are sanitised by the API on save (api/src/lib/html.ts), not refused: an editor's
 * pasted markup keeps what the allow-list allows.
 */

import { ADMIN_ROLES } from './admin-roles.ts';
import { dbIdNumber, dbInt, flag, keyText, password, requiredText, text } from './fields.ts';
import { errorFor, type IssueLike } from './issues.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** Seconds an editor's session lasts (a working day); logging out ends it at once. */
export const EDITOR_SESSION_SECONDS = 8 * 3600;

/**
 * The /admin/ screens log editors in from the shop's server, so the API would count every screen
 * login under the server's own address. The server passes the browser's address in
 * CLIENT_ADDRESS_HEADER with the shared secret (env SHOP_INTERNAL_SECRET, made up by `npm start` when
 * unset) in INTERNAL_SECRET_HEADER; the API believes the address only with the right secret.
 * Defined in contracts/internal.ts, which the maintenance switch shares.
 */
export { CLIENT_ADDRESS_HEADER, INTERNAL_SECRET_ENV, INTERNAL_SECRET_HEADER } from './internal.ts';

/** Longest HTML body an editor may save (characters). */
export const MAX_HTML = 100_000;

const rule = (message: (field: string) => string, label: string) => ({ error: (_: IssueLike) => message(label) });

/** A key used in public URLs (/blog/{key}/): lower-case letters, digits, - and _, at most 100. */
export const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** A static page's path: segments of the slug characters, stored with both slashes ('/company/'). */
export const PAGE_PATH = /^\/?([a-z0-9][a-z0-9_-]*\/?)+$/;
/** A link or image address: http(s) or a path on this site; never javascript:, data: or a //host path. */
export const SAFE_URL = /^(https?:\/\/[^\s"'<>\\]+|\/(?!\/)[^\s"'<>\\]*)$/;

const slug = (label: string) =>
  keyText(100, { label }).regex(
    SLUG,
    rule((f) => `${f}は半角英小文字・数字・ハイフン・アンダースコアで入力してください`, label),
  );
const url = (label: string, max = 500) =>
  text(max, { label }).regex(
    SAFE_URL,
    rule((f) => `${f}は「https://」または「/」で始まるURLで入力してください`, label),
  );
/** An optional URL: blank or null means none. */
const optionalUrl = (label: string) =>
  z
    .union([url(label), z.literal(''), z.null()], errorFor(label))
    .optional()
    .transform((v) => (v ? v : null));
const html = (label: string, required = true) => (required ? requiredText(MAX_HTML, { label }) : text(MAX_HTML, { label }));
const sortOrder = () => dbInt({ min: 0, max: 100000, label: '並び順' });
/** An ISO 8601 date-time with offset ("2026-04-01T09:00:00+09:00"), or a date alone ("2026-04-01", midnight JST). */
const publishedAt = () =>
  z
    .string(errorFor('公開日時'))
    .trim()
    .max(40)
    .transform((v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+09:00` : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+09:00` : v,
    )
    .pipe(z.iso.datetime({ offset: true, ...rule(messages.date, '公開日時') }));

// ---------------------------------------------------------------- editor login

export const editorLoginRequestSchema = z.strictObject(
  {
    login: requiredText(100, { label: 'ログインID' }),
    password: password({ label: 'パスワード', min: 1 }),
  },
  errorFor(),
);
export type EditorLoginRequest = z.infer<typeof editorLoginRequestSchema>;

export const editorSchema = z.object({ id: z.number().int(), login: z.string(), display_name: z.string(), role: z.enum(ADMIN_ROLES) });
export type Editor = z.infer<typeof editorSchema>;

export const editorLoginResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  expires_at: z.string(),
  editor: editorSchema,
});
export type EditorLoginResponse = z.infer<typeof editorLoginResponseSchema>;

// ---------------------------------------------------------------- content bodies

export const adminBlogInputSchema = z.strictObject(
  {
    key: slug('キー'),
    title: requiredText(200, { label: 'タイトル' }),
    excerpt: text(500, { label: '抜粋' }).default(''),
    body: html('本文'),
    image: optionalUrl('画像URL'),
    tags: z
      .array(requiredText(50, { label: 'タグ' }), errorFor('タグ'))
      .max(20)
      .default([]),
    stylist_id: z.union([dbIdNumber({ label: 'スタイリスト' }), z.null()], errorFor('スタイリスト')).default(null),
    published_at: publishedAt(),
  },
  errorFor(),
);

export const adminNewsInputSchema = z.strictObject(
  {
    key: slug('キー'),
    title: requiredText(200, { label: 'タイトル' }),
    body: html('本文'),
    is_important: flag({ label: '重要' }).default(false),
    published_at: publishedAt(),
  },
  errorFor(),
);

export const adminQaCategoryInputSchema = z.strictObject(
  {
    name: requiredText(100, { label: 'カテゴリ名' }),
    sort: sortOrder().default(0),
  },
  errorFor(),
);

export const adminQaInputSchema = z.strictObject(
  {
    qa_category_id: dbIdNumber({ label: 'FAQカテゴリ' }),
    question: requiredText(500, { label: '質問' }),
    answer: html('回答'),
    sort: sortOrder().default(0),
  },
  errorFor(),
);

export const adminMakerInputSchema = z.strictObject(
  {
    key: slug('キー'),
    name: requiredText(100, { label: 'メーカー名' }),
    name_kana: text(100, { label: 'メーカー名（カナ）' }).default(''),
    description: html('説明', false).default(''),
    image: optionalUrl('画像URL'),
    sort: sortOrder().default(0),
  },
  errorFor(),
);

export const adminStylistInputSchema = z.strictObject(
  {
    key: slug('キー'),
    name: requiredText(100, { label: 'スタイリスト名' }),
    profile: html('プロフィール', false).default(''),
    image: optionalUrl('画像URL'),
  },
  errorFor(),
);

export const adminLandingPageInputSchema = z.strictObject(
  {
    key: slug('キー'),
    title: requiredText(200, { label: 'タイトル' }),
    body: html('本文'),
  },
  errorFor(),
);

export const adminStaticPageInputSchema = z.strictObject(
  {
    url: keyText(200, { label: 'ページのURL' }).regex(
      PAGE_PATH,
      rule((f) => `${f}は半角英小文字・数字・ハイフン・アンダースコアと「/」で入力してください`, 'ページのURL'),
    ),
    title: requiredText(200, { label: 'タイトル' }),
    body: html('本文'),
  },
  errorFor(),
);

export const adminBannerInputSchema = z.strictObject(
  {
    area: slug('表示エリア'),
    title: requiredText(200, { label: 'タイトル' }),
    image: optionalUrl('画像URL'),
    link: optionalUrl('リンク先URL'),
    is_show: flag({ label: '表示' }).default(true),
    sort: sortOrder().default(0),
  },
  errorFor(),
);

/** The content types of the editor API, by their path segment under /admin/v1. */
export const ADMIN_RESOURCES = [
  'blogs',
  'news',
  'qa-categories',
  'qas',
  'makers',
  'stylists',
  'landing-pages',
  'static-pages',
  'banners',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

/** A stored item as the editor API returns it: its columns (dates as ISO strings), HTML already sanitised. */
export const adminItemSchema = z.record(z.string(), z.unknown());
export type AdminItem = z.infer<typeof adminItemSchema>;

/** GET /admin/v1/{resource}: page and per (at most 100, default 20). */
export const adminListQuerySchema = z.object({
  page: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v), dbInt({ min: 1, max: 100000, label: 'ページ' }))
    .optional(),
  per: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v), dbInt({ min: 1, max: 100, label: '表示件数' }))
    .optional(),
});

/** Path parameter: a row id. */
export const adminIdParamSchema = z.object({
  id: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), dbInt({ label: 'ID' })),
});
