/** Delivery: packings, lead time by region, business dates and postal codes. */
import { boolean, date, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';

/**
 * Gift wrapping choices (packing add/modify): a key, a name and a fee (tax included) per channel.
 */
export const packings = pgTable(
  'packings',
  {
    id: serial('id').primaryKey(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fee: integer('fee').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('packings_channel_key_uq').on(t.channel_id, t.key)],
);

/** Extra delivery days by prefecture (islands, Hokkaido, Okinawa) on top of the products' lead time. */
export const leadtime_regions = pgTable('leadtime_regions', {
  prefecture: text('prefecture').primaryKey(),
  days: smallint('days').notNull(),
});

export const business_dates = pgTable('business_dates', {
  date: date('date').primaryKey(),
  is_holiday: boolean('is_holiday').notNull(),
  /** The public holiday's name (元日, 春分の日, …) or the reason the shop is closed. */
  name: text('name'),
});

export const postal_codes = pgTable(
  'postal_codes',
  {
    code: text('code').notNull(),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    town: text('town').notNull().default(''),
  },
  (t) => [index('postal_codes_code_idx').on(t.code)],
);
