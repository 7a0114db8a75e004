/**
 * Trims the API tests' PGlite template (a data-directory tarball from dumpDataDir) before every test
 * file loads its own copy: after a checkpoint PostgreSQL keeps spare WAL segments it recycled ahead
 * of time (16 MB each, no records in them yet), and each copy would read, clone and untar them for
 * nothing. Only segments after the one the server writes in are dropped; a copy starts from the
 * checkpoint in that segment and creates the next one when it needs it, as any server does.
 */

const BLOCK = 512;
const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/** `tar` without the WAL segments named after `currentSegment` (24 hex digits, pg_walfile_name). */
export function withoutSpareWal(tar: Uint8Array, currentSegment: string): { tar: Uint8Array<ArrayBuffer>; dropped: number } {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = []; // pax / GNU long-name headers belong to the entry after them
  let dropped = 0;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const entry = tar.subarray(offset, end);
    const type = String.fromCharCode(header[156]);
    offset = end;
    if (type === 'x' || type === 'L' || type === 'g') {
      pending.push(entry);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (segment && segment > currentSegment) {
      dropped++;
    } else {
      kept.push(...pending, entry);
    }
    pending = [];
  }
  kept.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return { tar: out, dropped };
}
