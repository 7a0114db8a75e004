/** Discovery services (issue 7): favourites, history, lists, bookmarks, restock requests, recommendations, events. */
export * from './likes.ts';
export * from './histories.ts';
export * from './user-lists.ts';
export * from './bookmarks.ts';
export * from './product-requests.ts';
export * from './recommend.ts';
export * from './events.ts';
