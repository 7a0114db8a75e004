/** Upload handlers: read the multipart form (file, dir), keep it; serve a kept file safely. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validationFailed } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created } from '../../lib/respond.ts';
import { MULTIPART_FRAMING_BYTES } from '../../middleware/body-limit.ts';
import { readUpload, saveUpload, UPLOAD_MESSAGES, uploadTooLarge } from '../../services/upload-files/index.ts';
import { clientInfo } from '../auth/session.ts';
import type * as routes from './routes.ts';

/** The form's file and dir; a 413 before reading a body the declared length shows is too large. */
async function uploadForm(c: Context<AppEnv>): Promise<{ file: File; dir: string }> {
  const max = c.get('env').UPLOAD_MAX_BYTES;
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > max + MULTIPART_FRAMING_BYTES) throw uploadTooLarge(max);
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) throw validationFailed({ file: [UPLOAD_MESSAGES.noFile] });
  let form: FormData | null = null;
  try {
    form = await c.req.formData();
  } catch {
    /* not a readable form: as without the file */
  }
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw validationFailed({ file: [UPLOAD_MESSAGES.noFile] });
  const dir = form?.get('dir') ?? '';
  if (typeof dir !== 'string') throw validationFailed({ dir: [UPLOAD_MESSAGES.dir] });
  return { file, dir };
}

export const upload: AppRouteHandler<typeof routes.upload> = async (c) =>
  created(c, await saveUpload(c.get('db'), c.get('env'), c.get('channel'), c.get('user'), await uploadForm(c), clientInfo(c)));

export const download: AppRouteHandler<typeof routes.download> = async (c) => {
  const { bytes, contentType, name } = await readUpload(c.get('db'), c.get('env'), c.req.valid('param').key);
  const disposition = contentType === 'application/pdf' ? 'attachment' : 'inline';
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': contentType,
    'Content-Disposition': `${disposition}; filename="${c.req.valid('param').key}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    // Even opened directly, the file runs nothing and cannot reach the shop's origin.
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    // The URL is random and never reused: a browser may keep it, a shared cache may not (it may be personal).
    'Cache-Control': 'private, max-age=86400, immutable',
  }) as never;
};
