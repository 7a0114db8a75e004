/** Channels (the shops on one database) and what each configures: site settings and colour schemes. */
import { boolean, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';

export const channels = pgTable('channels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  theme: text('theme').notNull().default('default'),
  is_default: boolean('is_default').notNull().default(false),
  created_at: created(),
});

/** Site settings (spec section 9 keys), per channel. */
export const settings = pgTable(
  'settings',
  {
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    is_public: boolean('is_public').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.channel_id, t.key] })],
);

export const colorschemes = pgTable('colorschemes', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  name: text('name').notNull(),
  tokens: jsonb('tokens').notNull(),
  is_selected: boolean('is_selected').notNull().default(false),
});
