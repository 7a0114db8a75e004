/**
 * Long statements run as named prepared statements (every connection of pool.ts's pools does this).
 * PostgreSQL parses and plans a statement sent unnamed on every execution; the cart's statements (the row with its settings, lines and shippings
 * as jsonb, ~1,700 characters) took 0.36-0.41 ms of planning per run against 0.2-0.3 ms of execution
 * (EXPLAIN ANALYZE on the seeded shop), on every cart change, inside transactions too, where the
 * prepared statements of services/carts/queries.ts cannot be used. A statement of at least
 * NAMED_FROM_CHARS characters sent without a name gets one derived from its text (so the same text is
 * the same statement on every connection, and two texts never share a name); a connection names at
 * most NAMED_PER_CONNECTION of them (each holds a plan on the server), later ones run unnamed.
 * A prepared statement outlives a rolled-back transaction; one whose Parse failed is not remembered
 * by pg, so it is parsed again next time.
 */
import { createHash } from 'node:crypto';

export const NAMED_FROM_CHARS = 400;
export const NAMED_PER_CONNECTION = 100;
const statementNames = new Map<string, string>();
function nameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `auto_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // The texts are the code's own statement shapes; the cap only guards against a runaway shape.
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
type QueryConfigLike = { text?: unknown; name?: unknown };
/** The query config with a name added when it is a long unnamed statement (and the connection has room). */
export function withStatementName<T>(config: T, named: Set<string>): T {
  if (typeof config !== 'object' || config === null) return config;
  const c = config as QueryConfigLike & { submit?: unknown };
  // A Query or Cursor object (a submittable) is passed on as it is.
  if (typeof c.submit === 'function' || typeof c.text !== 'string' || c.name !== undefined || c.text.length < NAMED_FROM_CHARS)
    return config;
  const name = nameOf(c.text);
  if (!named.has(name)) {
    if (named.size >= NAMED_PER_CONNECTION) return config;
    named.add(name);
  }
  return { ...config, name };
}
