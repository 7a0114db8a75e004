/**
 * Remembering the shopper (issue 7): favourites, browsing history, user lists, bookmarks, restock
 * requests, recommendations, accessories and e-commerce events (spec 3, 4 and 7 "Products",
 * "History", "User lists, bookmarks").
 */

import { USER_LIST_NAME_LABEL, USER_LIST_NAME_MAX } from './discovery-limits.ts';
import { dbId, dbIdNumber, dbInt, email, keyText, pageParam, perParam, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { messages } from './messages.ts';
import { productSchema } from './products.ts';
import { z } from './zod.ts';

export { USER_LIST_LIMIT, USER_LIST_NAME_LABEL, USER_LIST_NAME_MAX } from './discovery-limits.ts';

/** The current browsing history holds at most this many products (spec 4, 9). */
export const HISTORY_CURRENT_MAX = 10;
/** Rows kept per member or guest; older views are pruned when a new one is recorded. */
export const HISTORY_KEPT_MAX = 100;
/** Recommendations per product. */
export const RECOMMEND_MAX = 10;
/** Products attached or detached in one call. */
export const LIST_IDS_MAX = 100;
/** Product ids asked about in one GET /v1/me/likes?ids=. */
export const LIKE_IDS_MAX = 100;
/** Name of the list a member gets on first use. */
export const DEFAULT_LIST_NAME = 'お気に入りリスト';
/** What the API answers when a member's list already has the name (compared by userListNameKey). */
export const USER_LIST_DUPLICATE_MESSAGE = '同じ名前のリストがあります';
/** Largest serialised `args` of an e-commerce event, in bytes (UTF-8). */
export const EVENT_ARGS_MAX_BYTES = 10 * 1024;
/** A guest history token: long and random enough that another guest's history cannot be guessed. */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** `1`/`true` or `0`/`false` from a query string. */
const queryFlag = z.enum(['1', '0', 'true', 'false'], errorFor()).transform((v) => v === '1' || v === 'true');

const guestToken = (label = 'トークン') => keyText(100, { label }).regex(GUEST_TOKEN_PATTERN, { error: () => messages.format(label) });

// ---------------------------------------------------------------- favourites

/** POST/DELETE /v1/products/{id}/likes answer. */
export const likeResultSchema = z.object({ product_id: z.number().int(), is_favorite: z.boolean() }).meta({ id: 'LikeResult' });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** GET /v1/me/likes?ids=1,2,3: which of these the member likes. */
export const likedIdsQuerySchema = z.object({
  ids: z
    .string(errorFor('商品'))
    .trim()
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: () => messages.format('商品') })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= LIKE_IDS_MAX, { error: () => messages.arrayMax('商品', LIKE_IDS_MAX) }),
});
export const likedIdsSchema = z.object({ product_ids: z.array(z.number().int()) }).meta({ id: 'LikedIds' });
export type LikedIds = z.infer<typeof likedIdsSchema>;

// ---------------------------------------------------------------- browsing history

export const productHistoryItemSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    product: productSchema,
    viewed_at: z.string(),
  })
  .meta({ id: 'ProductHistoryItem' });
export type ProductHistoryItem = z.infer<typeof productHistoryItemSchema>;
export const productHistoryListSchema = z.array(productHistoryItemSchema);

/** POST /v1/product-histories: a member by bearer, a guest by `token` (their guest_history token). */
export const productHistoryCreateSchema = z.object({
  product_id: dbIdNumber(),
  token: guestToken().optional(),
});
export type ProductHistoryCreate = z.input<typeof productHistoryCreateSchema>;

export const historyPageQuerySchema = z.object({ page: pageParam().optional(), per: perParam().optional() });
export const guestHistoryQuerySchema = historyPageQuerySchema.extend({ token: guestToken() });

// ---------------------------------------------------------------- user lists

export const userListSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    /** Items in the list. */
    count: z.number().int().nonnegative(),
  })
  .meta({ id: 'UserList' });
export type UserList = z.infer<typeof userListSchema>;
export const userListsSchema = z.array(userListSchema);

/** A product with whether it is still in one of the member's lists (the answer of detach). */
export const listedProductSchema = productSchema.extend({ is_listed: z.boolean() }).meta({ id: 'ListedProduct' });
export type ListedProduct = z.infer<typeof listedProductSchema>;

export const userListQuerySchema = z.object({
  is_listables: queryFlag.optional(),
  page: pageParam().optional(),
  per: perParam().optional(),
});

const listIds = () =>
  z
    .array(dbIdNumber({ label: '商品' }), errorFor('商品'))
    .min(1)
    .max(LIST_IDS_MAX);

/** PATCH /v1/me/user-lists/attach: into the list `key`, or the default list. */
export const userListAttachSchema = z.object({
  table: z.enum(['products'], errorFor('種別')),
  ids: listIds(),
  key: keyText(100, { label: 'リスト' }).optional(),
});
export type UserListAttach = z.input<typeof userListAttachSchema>;

/** PATCH /v1/me/user-lists/detach (every list) and /{key}/detach (that list). */
export const userListDetachSchema = z.object({ table: z.enum(['products'], errorFor('種別')), ids: listIds() });
export type UserListDetach = z.input<typeof userListDetachSchema>;

/** Control characters (NUL, tab, newline, DEL, …): a one-line name holds none. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Two names are the same list name when they match after NFKC and case folding (ＡＢＣ = abc). */
export const userListNameKey = (name: string): string => name.normalize('NFKC').toLowerCase();

/** POST /v1/me/user-lists and PATCH /v1/me/user-lists/{key}: the list's name, trimmed, 1–30 characters. */
export const userListInputSchema = z
  .object({
    name: z
      .string(errorFor(USER_LIST_NAME_LABEL))
      .trim()
      .min(1, { error: () => messages.required(USER_LIST_NAME_LABEL), abort: true })
      .refine((v) => !CONTROL.test(v), { error: () => messages.invalidCharacter(USER_LIST_NAME_LABEL), abort: true })
      .refine((v) => [...v].length <= USER_LIST_NAME_MAX, { error: () => messages.maxLength(USER_LIST_NAME_LABEL, USER_LIST_NAME_MAX) }),
  })
  .meta({ id: 'UserListInput' });
export type UserListInput = z.infer<typeof userListInputSchema>;

// ---------------------------------------------------------------- bookmarks

/** A same-origin path (/product/x/) or an http(s) URL. */
const bookmarkUrl = () =>
  text(2000, { label: 'URL' })
    .min(1, { abort: true })
    .refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v), { error: () => messages.format('URL') });

export const bookmarkSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Bookmark' });
export type Bookmark = z.infer<typeof bookmarkSchema>;
export const bookmarkListSchema = z.array(bookmarkSchema);

export const bookmarkCreateSchema = z.object({ url: bookmarkUrl(), title: requiredText(200, { label: 'タイトル' }) });
export type BookmarkCreate = z.input<typeof bookmarkCreateSchema>;

// ---------------------------------------------------------------- restock requests

/** POST /v1/product-requests (JSON or form data). E-mail: required for a guest; a member's own otherwise. */
export const productRequestCreateSchema = z.object({
  product_id: dbId({ label: '商品' }),
  email: z.preprocess((v) => (v === '' ? undefined : v), email().optional()),
});
export type ProductRequestCreate = z.input<typeof productRequestCreateSchema>;

export const productRequestSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int().nullable(),
    /** Null when the product has gone from the channel. */
    product: productSchema.nullable(),
    email: z.string().nullable(),
    created_at: z.string(),
    /** When the restock mail was queued; null while waiting. */
    notified_at: z.string().nullable(),
    /** When the address was confirmed (a member's verified one at once); null while the confirmation mail's link waits. */
    confirmed_at: z.string().nullable(),
  })
  .meta({ id: 'ProductRequest' });
export type ProductRequest = z.infer<typeof productRequestSchema>;

/** POST /v1/product-requests/confirm: the confirmation mail's link. */
export const productRequestConfirmSchema = z.object({ token: z.string().min(1).max(200) });
export const productRequestConfirmResponseSchema = z.object({ message: z.string(), confirmed: z.number().int() });
export type ProductRequestConfirmResponse = z.infer<typeof productRequestConfirmResponseSchema>;
export const productRequestListSchema = z.array(productRequestSchema);

// ---------------------------------------------------------------- e-commerce events

/** POST /v1/ecommerce_events. */
export const ecommerceEventSchema = z.object({
  name: requiredText(100, { label: 'イベント名' }),
  args: z
    .record(z.string(), z.unknown(), errorFor('引数'))
    .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= EVENT_ARGS_MAX_BYTES, {
      error: () => `引数は${EVENT_ARGS_MAX_BYTES / 1024}KB以内にしてください`,
    }),
  token: keyText(100, { label: 'カートトークン' }).optional(),
  logreco_rcmd_ct: z
    .union([text(100, { label: 'レコメンド種別' }), dbInt({ min: 0, label: 'レコメンド種別' })], errorFor('レコメンド種別'))
    .optional(),
});
export type EcommerceEvent = z.input<typeof ecommerceEventSchema>;
