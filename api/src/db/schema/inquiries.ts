/** The contact form: inquiries and the files uploaded for them. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels.ts';
import { created, ts } from './columns.ts';
import { users } from './users.ts';

export const inquiries = pgTable('inquiries', {
  id: serial('id').primaryKey(),
  channel_id: text('channel_id')
    .notNull()
    .references(() => channels.id),
  category_id: integer('category_id'),
  payload: jsonb('payload').notNull(),
  created_at: created(),
});

/**
 * A file sent with POST /v1/upload-files (issue 11): the bytes live outside the database and the web
 * root (UPLOAD_DIR on disk, or the S3 bucket), under `object_key` = <dir>/<key>; `key` is the random
 * name the public URL carries (GET /v1/upload-files/{key}). The type is the one read from the bytes.
 */
export const uploaded_files = pgTable(
  'uploaded_files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    client_ip: text('client_ip'),
    dir: text('dir').notNull().default(''),
    storage: text('storage').notNull(),
    object_key: text('object_key').notNull(),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Set when an inquiry takes the file as its attachment; an unattached file is deleted after UPLOAD_RETENTION_HOURS. */
    attached_at: ts('attached_at'),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('uploaded_files_key_uq').on(t.key),
    index('uploaded_files_unattached_idx').on(t.created_at).where(sql`${t.attached_at} is null`),
  ],
);
