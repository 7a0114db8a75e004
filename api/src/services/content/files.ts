/**
 * Stored files the content links to: a banner's download (GET /v1/banners/{id}/download) and the
 * text of a stored file (GET /v1/files-contents?url=…), both from upload_files. A stored file's URL
 * is `/v1/files/<id>/<file name>` (fileUrl); files-contents accepts it absolute or as a path.
 */
import { and, eq } from 'drizzle-orm';
import type { FileContents } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { banner_files, banners, upload_files } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';

/** The public URL of a stored file. */
export const fileUrl = (id: number, filename: string) => `/v1/files/${id}/${encodeURIComponent(filename)}`;

/** Types whose bytes are text a page may inline (SVG drawings, CSV, plain text, JSON). */
const TEXT_MIME = /^(text\/[a-z0-9.+-]+|image\/svg\+xml|application\/json)$/i;

/** GET /v1/banners/{id}/download: the file of a shown banner of the channel. */
export async function bannerDownload(
  db: Db,
  channelId: string,
  bannerId: number,
): Promise<{ filename: string; mime: string; bytes: Uint8Array }> {
  const [row] = await db
    .select({ filename: upload_files.filename, mime: upload_files.mime, content: upload_files.content })
    .from(banner_files)
    .innerJoin(banners, eq(banners.id, banner_files.banner_id))
    .innerJoin(upload_files, eq(upload_files.id, banner_files.upload_file_id))
    .where(and(eq(banner_files.banner_id, bannerId), eq(banners.channel_id, channelId), eq(banners.is_show, true)))
    .limit(1);
  if (!row) throw notFound('ダウンロードファイル');
  return { filename: row.filename, mime: row.mime, bytes: new Uint8Array(Buffer.from(row.content, 'base64')) };
}

/** The file id and name a URL names, or null when it is not a stored file's URL. */
export function parseFileUrl(url: string): { id: number; filename: string } | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const m = /^\/v1\/files\/(\d{1,9})\/([^/]+)$/.exec(pathname);
  if (!m) return null;
  try {
    return { id: Number(m[1]), filename: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}

/** GET /v1/files-contents: a stored text file's content (422 for a file that is not text). */
export async function fileContents(db: Db, url: string): Promise<FileContents> {
  const ref = parseFileUrl(url);
  if (!ref) throw notFound('ファイル');
  const [row] = await db.select().from(upload_files).where(eq(upload_files.id, ref.id)).limit(1);
  if (!row || row.filename !== ref.filename) throw notFound('ファイル');
  if (!TEXT_MIME.test(row.mime))
    throw unprocessable('テキストのファイルではありません。', 'file.not_text', { url: ['テキストのファイルではありません。'] });
  return {
    url: fileUrl(row.id, row.filename),
    filename: row.filename,
    mime: row.mime,
    content: Buffer.from(row.content, 'base64').toString('utf8'),
  };
}
