/** The storefront's API client: one import for screens and stores. */
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

export type { LoginRequest, LoginResponse } from '#contracts/auth.ts';
export type { User } from '#contracts/user.ts';
export type { Address, DeliveryAddress } from '#contracts/addresses.ts';
export type { Cart, CartProduct, CartShipping, CartOrder, CartFlags, AmountByTaxRate, CartDecisionResponse } from '#contracts/cart.ts';
export type { PaymentMethod } from '#contracts/payments.ts';
export type { Order, OrderItem, OrderStatus } from '#contracts/orders.ts';
export type { Product, ProductRef, ProductModel, ProductVariant, CategoryNode, ProductSort } from '#contracts/products.ts';
export type { Blog, News, Maker, Brand, StaticPage, StaticPageUrl, Qa, QaCategory } from '#contracts/content.ts';
export type { FrontSettings, PublicJson } from '#contracts/settings.ts';
export type { Pagination } from '#contracts/common.ts';
