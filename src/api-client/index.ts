/** The storefront's API client: one import for screens and stores (storefront types in types.ts). */

export type { LoginRequest } from '#contracts/auth.ts';
export type { CartDecisionResponse } from '#contracts/cart.ts';
export type { Pagination } from '#contracts/common.ts';
export type { Blog, Brand, Maker, News, Popup, Qa, QaCategory, StaticPage, StaticPageUrl, Tag } from '#contracts/content.ts';
export type { FrontSettings, PublicJson } from '#contracts/settings.ts';
export * from './account/addresses.ts';
export * from './account/auth.ts';
export * from './account/user.ts';
export * from './cart/cart.ts';
export * from './cart/reshape.ts';
export * from './catalog/products.ts';
export * from './checkout/payments.ts';
export * from './content/content.ts';
export type { CallOptions } from './core/call.ts';
export * from './core/errors.ts';
export { DecodeError, type Decoder } from './core/guard.ts';
export * from './core/http.ts';
export * from './core/pagination.ts';
export * from './core/state.ts';
export * from './core/token.ts';
export * from './core/types.ts';
export * from './mypage/orders.ts';
export * from './site/settings.ts';
