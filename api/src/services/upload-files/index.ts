/**
 * POST /v1/upload-files and GET /v1/upload-files/{key} (issue 11). Anyone may upload (members and
 * guests: the contact form takes an attachment from guests too), rate limited per client address and
 * per member. A file is kept only when its bytes are a JPEG, PNG, GIF, WebP or PDF (the declared type
 * and the name are ignored), at most UPLOAD_MAX_BYTES, under a random name outside the web root (disk
 * or S3, services/storage), and recorded in `uploaded_files` (who, where, size, type, the original name
 * with the detected type's extension). Files not attached to an inquiry count against the shop's
 * UPLOAD_QUOTA_BYTES and are deleted after UPLOAD_RETENTION_HOURS (./retention.ts). Files in the
 * `products` folder must be images that decode: the image pipeline serves them (services/images).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { UPLOAD_DIR_MAX, UPLOAD_DIR_PATTERN, type UploadFile } from '#contracts/inquiries.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { uploaded_files } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError, notFound, serviceUnavailable, validationFailed } from '../../lib/errors.ts';
import { logFor } from '../../lib/log.ts';
import { enforce, type Limit } from '../account/common.ts';
import { imageInfo, isProductImageDir } from '../images/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { storageOf, uploadStorage } from '../storage/index.ts';
import { CONTENT_TYPES, type SniffedType, sniffType } from './sniff.ts';

const log = logFor('uploads');

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
  productImage: '商品画像はJPEG・PNG・GIF・WebPの画像（6,000×6,000ピクセル以内）を選択してください。',
  tooLarge: (max: number) => `ファイルは${Math.floor((max / 1024 / 1024) * 10) / 10}MB以下にしてください。`,
  quota: 'ただいまファイルをアップロードできません。時間をおいて再度お試しいただくか、ファイルを添付せずにお問い合わせください。',
} as const;

/** The public path of a stored upload. */
export const uploadUrl = (key: string) => `/v1/upload-files/${key}`;

/** The directory as given ('' by default, spec 5), or a 422: short a-z0-9_- segments, no `..`, no leading slash. */
export function checkUploadDir(dir: string): string {
  if (dir.length > UPLOAD_DIR_MAX || !UPLOAD_DIR_PATTERN.test(dir)) throw validationFailed({ dir: [UPLOAD_MESSAGES.dir] });
  return dir;
}

/** Extensions a name may already carry for each detected type (kept as written). */
const SAME_TYPE: Record<SniffedType['ext'], readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
};

/**
 * A file name safe to show and to put in a header: no path, no control characters, at most 200
 * characters, and the extension of the type read from the bytes (`evil.html` holding a JPEG is
 * `evil.jpg`), so a browser saving it never gives it another type.
 */
export function cleanFileName(name: string, ext: SniffedType['ext']): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const dot = base.lastIndexOf('.');
  const own = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (SAME_TYPE[ext].includes(own) && base.length <= 200) return base;
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim().slice(0, 200 - ext.length - 1);
  return `${stem || 'file'}.${ext}`;
}

/** 413 with a Japanese message naming the limit. */
export function uploadTooLarge(max: number) {
  return new ApiError(413, UPLOAD_MESSAGES.tooLarge(max), {
    code: 'common.payload_too_large',
    errors: { file: [UPLOAD_MESSAGES.tooLarge(max)] },
  });
}

/** 507: the shop's room for files not attached to an inquiry is full until the retention job frees it. */
export function uploadQuotaFull() {
  return new ApiError(507, UPLOAD_MESSAGES.quota, { code: 'upload.quota_exceeded', errors: { file: [UPLOAD_MESSAGES.quota] } });
}

/** Bytes of the files no inquiry has taken yet (what the quota bounds). */
async function unattachedBytes(db: Conn): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${uploaded_files.size}), 0)`.mapWith(Number) })
    .from(uploaded_files)
    .where(isNull(uploaded_files.attached_at));
  return n;
}

export interface UploadInput {
  file: File;
  dir: string;
}
export interface UploadClient {
  ip: string | null;
}

/** Keeps one uploaded file (checked by its bytes) and answers where it is served. */
export async function saveUpload(
  db: Db,
  env: ApiEnv,
  channel: ChannelRow,
  user: UserRow | null,
  input: UploadInput,
  client: UploadClient,
): Promise<UploadFile> {
  const dir = checkUploadDir(input.dir);
  if (input.file.size > env.UPLOAD_MAX_BYTES) throw uploadTooLarge(env.UPLOAD_MAX_BYTES);
  const store = rateLimitStore(db, env);
  if (client.ip) await enforce(store, `upload:ip:${client.ip}`, UPLOAD_LIMITS.perAddress);
  if (user) await enforce(store, `upload:user:${user.id}`, UPLOAD_LIMITS.perMember);
  // Checked before each upload (parallel uploads may pass it by a file or two each).
  if ((await unattachedBytes(db)) + input.file.size > env.UPLOAD_QUOTA_BYTES) throw uploadQuotaFull();
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (bytes.byteLength === 0) throw validationFailed({ file: [UPLOAD_MESSAGES.noFile] });
  const type = sniffType(bytes);
  if (!type) throw validationFailed({ file: [UPLOAD_MESSAGES.type] });
  // A product image goes through the image pipeline: it must be an image that decodes, within its pixel limit.
  if (isProductImageDir(dir) && (type.ext === 'pdf' || !(await imageInfo(bytes)))) {
    throw validationFailed({ file: [UPLOAD_MESSAGES.productImage] });
  }
  const name = cleanFileName(input.file.name, type.ext);
  const key = await keepFile(db, env, { channelId: channel.id, userId: user?.id ?? null, ip: client.ip, dir }, bytes, type, name);
  return { url: uploadUrl(key), name, size: bytes.byteLength, content_type: type.contentType };
}

/** Who kept a file and where: the row's owner columns. */
export interface KeptBy {
  channelId: string;
  userId: number | null;
  ip: string | null;
  dir: string;
}

/**
 * Stores checked bytes under a new random name and records them, not attached (the retention job
 * deletes them unless something attaches them): the key. Storage first, so a row never names
 * missing bytes; a storage failure is a 503.
 */
export async function keepFile(db: Conn, env: ApiEnv, by: KeptBy, bytes: Uint8Array, type: SniffedType, name: string): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const objectKey = by.dir ? `${by.dir}/${key}` : key;
  const storage = uploadStorage(env);
  try {
    await storage.put(objectKey, bytes, type.contentType);
  } catch (e) {
    log.error({ err: e }, 'upload storage failed');
    throw serviceUnavailable();
  }
  await db.insert(uploaded_files).values({
    key,
    channel_id: by.channelId,
    user_id: by.userId,
    client_ip: by.ip,
    dir: by.dir,
    storage: storage.kind,
    object_key: objectKey,
    original_name: name,
    content_type: type.contentType,
    size: bytes.byteLength,
  });
  return key;
}

/** The upload a URL (absolute or a path) of this channel names, or null. */
export async function findUpload(db: Conn, channelId: string, url: string) {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const m = /^\/v1\/upload-files\/([a-f0-9]{32}\.(?:jpg|png|gif|webp|pdf))$/.exec(pathname);
  if (!m) return null;
  const [row] = await db
    .select()
    .from(uploaded_files)
    .where(and(eq(uploaded_files.key, m[1]), eq(uploaded_files.channel_id, channelId)))
    .limit(1);
  return row ?? null;
}

/** Marks the upload of this channel `url` names as an inquiry's attachment (kept for good); false when it is gone. */
export async function attachUpload(tx: Conn, channelId: string, url: string): Promise<boolean> {
  const row = await findUpload(tx, channelId, url);
  if (!row) return false;
  const kept = await tx
    .update(uploaded_files)
    .set({ attached_at: sql`coalesce(${uploaded_files.attached_at}, now())` })
    .where(eq(uploaded_files.id, row.id))
    .returning({ id: uploaded_files.id });
  return kept.length > 0;
}

/** GET /v1/upload-files/{key}: the bytes and how to serve them (the type read at upload, never the stored name's). */
export async function readUpload(db: Db, env: ApiEnv, key: string): Promise<{ bytes: Uint8Array; contentType: string; name: string }> {
  const [row] = await db.select().from(uploaded_files).where(eq(uploaded_files.key, key)).limit(1);
  if (!row) throw notFound('ファイル');
  const ext = key.slice(key.lastIndexOf('.') + 1) as SniffedType['ext'];
  let bytes: Uint8Array | null;
  try {
    bytes = await storageOf(env, row.storage).get(row.object_key);
  } catch (e) {
    log.error({ err: e }, 'upload storage failed');
    throw serviceUnavailable();
  }
  if (!bytes) throw notFound('ファイル');
  // The name under the served type's extension, for files kept before names were given it.
  return { bytes, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', name: cleanFileName(row.original_name, ext) };
}
