/**
 * Shift_JIS bytes of a text, as Excel in Japan saves a CSV, for tests of the address book import (API
 * and browser). Built from Node's own decoder: every code is decoded once into a table of character →
 * bytes (ASCII and half-width katakana are single bytes). Throws on a character Shift_JIS lacks.
 */
let table: Map<string, number[]> | null = null;

function sjisTable(): Map<string, number[]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  for (let b = 0xa1; b <= 0xdf; b++) table.set(decoder.decode(new Uint8Array([b])), [b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      try {
        const ch = decoder.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
      } catch {
        /* unassigned */
      }
    }
  }
  return table;
}

export function shiftJis(text: string): Buffer {
  const codes = sjisTable();
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else {
      const bytes = codes.get(ch);
      if (!bytes) throw new Error(`not in Shift_JIS: ${ch}`);
      out.push(...bytes);
    }
  }
  return Buffer.from(out);
}
