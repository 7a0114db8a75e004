/**
 * The Shop API's data model, designed for the whole specification (sections 3 and 7), not only the
 * parts built so far. Column keys are snake_case so rows map onto the wire format without renaming.
 * Money is integer yen. Product prices are stored tax-exclusive with a per-product tax rate.
 * One file per domain; a file imports only the tables below it here (channels first), so no cycle.
 */

export * from './admin.ts';
export * from './benefits.ts';
export * from './carts.ts';
export * from './catalog.ts';
export * from './channels.ts';
export * from './content.ts';
export * from './delivery.ts';
export * from './discovery.ts';
export * from './inquiries.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './system.ts';
export * from './users.ts';
