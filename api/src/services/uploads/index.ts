/**
 * POST /v1/upload-files and GET /v1/upload-files/{key} (issue 11). Anyone may upload (members and
 * guests: the contact form takes an attachment from guests too), rate limited per client address and
 * per member. A file is kept only when its bytes are a JPEG, PNG, GIF, WebP or PDF (the declared type
 * and the name are ignored), at most UPLOAD_MAX_BYTES, under a random name outside the web root (disk
 * or S3, ./storage.ts), and recorded in `uploaded_files` (who, where, size, type, the original name).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import { uploaded_files } from '../../db/schema.ts';
import { ApiError, notFound, serviceUnavailable, validationFailed } from '../../lib/errors.ts';
import { UPLOAD_DIR_MAX, UPLOAD_DIR_PATTERN, type UploadFile } from '#contracts/inquiries.ts';
import { enforce, type Limit } from '../account/common.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { CONTENT_TYPES, sniffType, type SniffedType } from './sniff.ts';
import { uploadStorage } from './storage.ts';

export { sniffType } from './sniff.ts';
type Conn = Db | Tx;

/** Uploads per client address and per member in an hour. */
export const UPLOAD_LIMITS = {
  perAddress: { limit: 30, windowSeconds: 3600 },
  perMember: { limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

export const UPLOAD_MESSAGES = {
  noFile: 'ファイルを選択してください。',
  type: 'ファイルはJPEG・PNG・GIF・WebPの画像またはPDFを選択してください。',
  dir: 'アップロード先の形式が正しくありません。',
  tooLarge: (max: number) => `ファイルは${Math.floor(max / 1024 / 1024 * 10) / 10}MB以下にしてください。`,
} as const;

/** The public path of a stored upload. */
export const uploadUrl = (key: string) => `/v1/upload-files/${key}`;

/** The directory as given ('' by default, spec 5), or a 422: short a-z0-9_- segments, no `..`, no leading slash. */
export function checkUploadDir(dir: string): string {
  if (dir.length > UPLOAD_DIR_MAX || !UPLOAD_DIR_PATTERN.test(dir)) throw validationFailed({ dir: [UPLOAD_MESSAGES.dir] });
  return dir;
}

/** A file name safe to show and to put in a header: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string, ext: SniffedType['ext']): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return base || `file.${ext}`;
}

/** 413 with a Japanese message naming the limit. */
export function uploadTooLarge(max: number) {
  return new ApiError(413, UPLOAD_MESSAGES.tooLarge(max), { code: 'common.payload_too_large', errors: { file: [UPLOAD_MESSAGES.tooLarge(max)] } });
}

export interface UploadInput { file: File; dir: string }
export interface UploadClient { ip: string | null }

/** Keeps one uploaded file (checked by its bytes) and answers where it is served. */
export async function saveUpload(db: Db, env: ApiEnv, channel: ChannelRow, user: UserRow | null, input: UploadInput, client: UploadClient): Promise<UploadFile> {
  const dir = checkUploadDir(input.dir);
  if (input.file.size > env.UPLOAD_MAX_BYTES) throw uploadTooLarge(env.UPLOAD_MAX_BYTES);
  const store = rateLimitStore(db, env);
  if (client.ip) await enforce(store, `upload:ip:${client.ip}`, UPLOAD_LIMITS.perAddress);
  if (user) await enforce(store, `upload:user:${user.id}`, UPLOAD_LIMITS.perMember);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (bytes.byteLength === 0) throw validationFailed({ file: [UPLOAD_MESSAGES.noFile] });
  const type = sniffType(bytes);
  if (!type) throw validationFailed({ file: [UPLOAD_MESSAGES.type] });
  const key = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const objectKey = dir ? `${dir}/${key}` : key;
  const storage = uploadStorage(env);
  try {
    await storage.put(objectKey, bytes, type.contentType);
  } catch (e) {
    console.error('upload storage failed', e);
    throw serviceUnavailable();
  }
  const name = cleanFileName(input.file.name, type.ext);
  await db.insert(uploaded_files).values({
    key, channel_id: channel.id, user_id: user?.id ?? null, client_ip: client.ip, dir, storage: storage.kind, object_key: objectKey,
    original_name: name, content_type: type.contentType, size: bytes.byteLength,
  });
  return { url: uploadUrl(key), name, size: bytes.byteLength, content_type: type.contentType };
}

/** The upload a URL (absolute or a path) of this channel names, or null. */
export async function findUpload(db: Conn, channelId: string, url: string) {
  let pathname: string;
  try { pathname = new URL(url, 'http://localhost').pathname; } catch { return null; }
  const m = /^\/v1\/upload-files\/([a-f0-9]{32}\.(?:jpg|png|gif|webp|pdf))$/.exec(pathname);
  if (!m) return null;
  const [row] = await db.select().from(uploaded_files).where(and(eq(uploaded_files.key, m[1]), eq(uploaded_files.channel_id, channelId))).limit(1);
  return row ?? null;
}

/** GET /v1/upload-files/{key}: the bytes and how to serve them (the type read at upload, never the stored name's). */
export async function readUpload(db: Db, env: ApiEnv, key: string): Promise<{ bytes: Uint8Array; contentType: string; name: string }> {
  const [row] = await db.select().from(uploaded_files).where(eq(uploaded_files.key, key)).limit(1);
  if (!row) throw notFound('ファイル');
  const ext = key.slice(key.lastIndexOf('.') + 1) as SniffedType['ext'];
  let bytes: Uint8Array | null;
  try {
    bytes = await uploadStorage(row.storage === 'disk' ? { ...env, S3_BUCKET: undefined } : env).get(row.object_key);
  } catch (e) {
    console.error('upload storage failed', e);
    throw serviceUnavailable();
  }
  if (!bytes) throw notFound('ファイル');
  return { bytes, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', name: row.original_name };
}
