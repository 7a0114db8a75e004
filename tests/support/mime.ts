/**
 * Just enough MIME to read the shop's own mails in tests (pure): headers with RFC 2047 encoded
 * words, and the text/plain body (quoted-printable, base64 or 7/8 bit; the first text/plain part of
 * a multipart message), decoded as UTF-8 or the charset the part names.
 */

export interface DecodedMessage {
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  text: string;
}

const encoder = new TextEncoder();

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable to bytes (soft line breaks removed). */
export function decodeQuotedPrintable(input: string): Uint8Array {
  const text = input.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      // Raw characters (8-bit input) keep their UTF-8 bytes.
      out.push(...encoder.encode(c));
    }
  }
  return Uint8Array.from(out);
}

/** RFC 2047 encoded words (=?charset?B|Q?…?=) in a header value; whitespace between two words is dropped. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1').replace(word, (_m, charset: string, enc: string, data: string) => {
    const bytes = enc.toUpperCase() === 'B' ? Uint8Array.from(Buffer.from(data, 'base64')) : decodeQuotedPrintable(data.replace(/_/g, ' '));
    return decodeBytes(bytes, charset.replace(/\*.*$/, ''));
  });
}

/** Splits a message (or part) into its unfolded headers and its body. */
function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** A parameter of a structured header (`charset`, `boundary`). */
function param(value: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The decoded text/plain body of a part, or null when it has none. */
function textOf(headers: Record<string, string>, body: string): string | null {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary');
    if (!boundary) return null;
    const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    for (const part of parts.slice(1)) {
      if (!part.trim()) continue;
      const p = splitHeaders(part);
      const text = textOf(p.headers, p.body);
      if (text !== null) return text;
    }
    return null;
  }
  if (!type.startsWith('text/plain')) return null;
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = param(headers['content-type'], 'charset') ?? 'utf-8';
  const bytes =
    encoding === 'base64'
      ? Uint8Array.from(Buffer.from(body.replace(/\s+/g, ''), 'base64'))
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoder.encode(body);
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n').replace(/\n$/, '');
}

/** Decodes a raw RFC 5322 message (as received over SMTP). */
export function decodeMessage(raw: string): DecodedMessage {
  const { headers, body } = splitHeaders(raw);
  const decoded = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeEncodedWords(v)]));
  return { headers: decoded, subject: decoded.subject ?? '', from: decoded.from ?? '', text: textOf(headers, body) ?? '' };
}
