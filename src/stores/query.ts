/**
 * Server data stores, split by domain under src/stores/queries/ (keys, client, user, addresses,
 * orders, catalog, checkout, content). This barrel keeps the names islands already import working;
 * new code imports the domain module it needs, so an island pulls in only its own fetchers.
 */

export * from './queries/addresses.ts';
export * from './queries/catalog.ts';
export * from './queries/checkout.ts';
export * from './queries/client.ts';
export * from './queries/content.ts';
export * from './queries/keys.ts';
export * from './queries/orders.ts';
export * from './queries/user.ts';
