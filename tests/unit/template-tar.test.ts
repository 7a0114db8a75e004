/**
 * The API tests' template trimming (tests/api/template-tar.ts): WAL segments after the current one
 * leave the tarball, everything else (the current segment, earlier names, other files, a long-name
 * header with its entry) stays byte for byte and in order.
 */
import { describe, expect, it } from 'vitest';
import { withoutSpareWal } from '../api/template-tar.ts';

/** One tar entry: a 512-byte header (name, octal size, type) and the data padded to 512. */
function entry(name: string, data: string, type = '0'): Uint8Array {
  const header = new Uint8Array(512);
  header.set(new TextEncoder().encode(name), 0);
  header.set(new TextEncoder().encode(`${data.length.toString(8).padStart(11, '0')}\0`), 124);
  header[156] = type.charCodeAt(0);
  header.set(new TextEncoder().encode('ustar\0'), 257);
  const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
  body.set(new TextEncoder().encode(data));
  return new Uint8Array([...header, ...body]);
}
const tar = (...entries: Uint8Array[]) => new Uint8Array([...entries.flatMap((e) => [...e]), ...new Uint8Array(1024)]);
const names = (t: Uint8Array) => {
  const out: string[] = [];
  for (let at = 0; at + 512 <= t.length && t[at] !== 0; ) {
    out.push(new TextDecoder().decode(t.subarray(at, at + 100)).replace(/\0.*$/s, ''));
    const size = Number.parseInt(new TextDecoder().decode(t.subarray(at + 124, at + 135)), 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
};

describe('withoutSpareWal', () => {
  const current = '000000010000000000000002';
  const input = tar(
    entry('/PG_VERSION', '18\n'),
    entry('/pg_wal/000000010000000000000001', 'old'),
    entry('/pg_wal/000000010000000000000002', 'checkpoint here'),
    entry('././@LongLink', '/pg_wal/000000010000000000000003', 'L'),
    entry('/pg_wal/000000010000000000000003', 'x'.repeat(700)),
    entry('/pg_wal/archive_status/', '', '5'),
    entry('/base/5/1259', 'catalog'),
  );

  it('drops only the segments after the current one, with their long-name header', () => {
    const { tar: out, dropped } = withoutSpareWal(input, current);
    expect(dropped).toBe(1);
    expect(names(out)).toEqual([
      '/PG_VERSION',
      '/pg_wal/000000010000000000000001',
      '/pg_wal/000000010000000000000002',
      '/pg_wal/archive_status/',
      '/base/5/1259',
    ]);
    expect(out.length).toBe(input.length - 512 * 3 - 1024); // header + 2 data blocks, long-name entry
  });

  it('keeps a tarball with no spare segment as it was', () => {
    const { tar: out, dropped } = withoutSpareWal(input, '000000010000000000000003');
    expect(dropped).toBe(0);
    expect(out).toEqual(input);
  });
});
