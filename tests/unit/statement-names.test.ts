/** Which statements the pools send as named prepared statements (api/src/db/statement-names.ts). */
import { describe, expect, it } from 'vitest';
import { NAMED_FROM_CHARS, NAMED_PER_CONNECTION, withStatementName } from '../../api/src/db/statement-names.ts';

const long = (n: number): { text: string; types: { tag: number }; name?: string } => ({
  text: `select ${n} as x /* ${'.'.repeat(NAMED_FROM_CHARS)} */`,
  types: { tag: n },
});

describe('withStatementName', () => {
  it('names a long unnamed statement by its text, the same on every connection', () => {
    const a = withStatementName(long(1), new Set());
    const b = withStatementName(long(1), new Set());
    const c = withStatementName(long(2), new Set());
    expect(a.name).toMatch(/^auto_[0-9a-f]{20}$/);
    expect(b.name).toBe(a.name);
    expect(c.name).not.toBe(a.name);
    // The rest of the config (drizzle's type parsers, rowMode) is kept.
    expect(a.types).toEqual({ tag: 1 });
  });

  it('leaves short, already named, string and submittable queries as they are', () => {
    const named = new Set<string>();
    const short = { text: 'select 1' };
    expect(withStatementName(short, named)).toBe(short);
    const own = { ...long(3), name: 'cart_by_token' };
    expect(withStatementName(own, named)).toBe(own);
    expect(withStatementName('select 1', named)).toBe('select 1');
    const submittable = { ...long(4), submit: () => {} };
    expect(withStatementName(submittable, named)).toBe(submittable);
    expect(named.size).toBe(0);
  });

  it('names at most NAMED_PER_CONNECTION statements per connection, then sends the rest unnamed', () => {
    const named = new Set<string>();
    for (let n = 0; n < NAMED_PER_CONNECTION; n++) expect(withStatementName(long(n), named).name).toBeDefined();
    expect(withStatementName(long(NAMED_PER_CONNECTION), named).name).toBeUndefined();
    // One it already named keeps its name.
    expect(withStatementName(long(0), named).name).toBeDefined();
  });
});
