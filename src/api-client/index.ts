/** The storefront's API client: one import for screens and stores (storefront types in types.ts). */
export * from './http.ts';
export * from './errors.ts';
export * from './state.ts';
export * from './token.ts';
export * from './pagination.ts';
export type { CallOptions } from './call.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './addresses.ts';
export * from './cart.ts';
export * from './payments.ts';
export * from './orders.ts';
export * from './products.ts';
export * from './content.ts';
export * from './settings.ts';

export * from './reshape.ts';
export * from './types.ts';
export { DecodeError, type Decoder } from './guard.ts';

export type { LoginRequest } from '#contracts/auth.ts';
export type { CartDecisionResponse } from '#contracts/cart.ts';
export type { Blog, News, Maker, Brand, Tag, Popup, StaticPage, StaticPageUrl, Qa, QaCategory } from '#contracts/content.ts';
export type { FrontSettings, PublicJson } from '#contracts/settings.ts';
export type { Pagination } from '#contracts/common.ts';
