/**
 * Named prepared statements for hot raw-SQL queries. PostgreSQL plans a named statement once per
 * connection and then reuses it (a generic plan after five runs), so a busy query stops paying its
 * planning time on every request. The name is derived from the SQL text, so each shape of a query
 * (which filters it has) gets its own statement and the values stay bind parameters.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();

/** Runs `query` as a named prepared statement (`<prefix>_<hash of its text>`) and returns its rows. */
export async function executePrepared<T>(db: Db | Tx, prefix: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
