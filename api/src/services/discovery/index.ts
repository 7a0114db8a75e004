/** Discovery services (issue 7): favourites, history, lists, bookmarks, restock requests, recommendations, events. */
export * from '../likes/index.ts';
export * from '../product-histories/index.ts';
export * from '../user-lists/index.ts';
export * from '../bookmarks/index.ts';
export * from '../product-requests/index.ts';
export * from '../products/recommend.ts';
export * from '../ecommerce-events/index.ts';
