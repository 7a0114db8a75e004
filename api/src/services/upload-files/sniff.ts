/**
 * The type of an uploaded file read from its first bytes (magic numbers), never from the declared
 * Content-Type or the file name: only these five types are kept, each served back with this type.
 */
export interface SniffedType {
  ext: 'jpg' | 'png' | 'gif' | 'webp' | 'pdf';
  contentType: string;
}

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file's type, or null when it is none of JPEG, PNG, GIF, WebP or PDF. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (starts(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (starts(bytes, ascii('GIF87a')) || starts(bytes, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (starts(bytes, ascii('RIFF')) && starts(bytes, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  if (starts(bytes, ascii('%PDF-'))) return { ext: 'pdf', contentType: 'application/pdf' };
  return null;
}

/** The content type of a stored file's extension (what sniffType chose when it was kept). */
export const CONTENT_TYPES: Record<SniffedType['ext'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
