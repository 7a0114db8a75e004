/**
 * The rebuild webhook of the storefront server, on when REBUILD_SECRET is set (404 otherwise, as if
 * it did not exist):
 * - `POST /hooks/rebuild` with an optional JSON body `{"reason": "..."}` queues a rebuild (202);
 * - `GET /hooks/rebuild/status` answers the scheduler's state and the last build's result.
 * Both need `X-Shop-Signature` (scripts/host/rebuild-signature.ts; the status request signs an empty body);
 * without a valid one they answer 401 with a Japanese message, in the API's error shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { LiveRebuilder } from './rebuild-live.ts';
import { SIGNATURE_HEADER, verifyRebuildSignature } from './rebuild-signature.ts';

export const REBUILD_HOOK_PATH = '/hooks/rebuild';
export const REBUILD_STATUS_PATH = '/hooks/rebuild/status';
const MAX_BODY_BYTES = 16 * 1024;

const hookBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((s) => !s.includes('\0'), 'NUL')
      .optional(),
  })
  .strict();

/** True for the paths this module answers (query strings ignored). */
export function isRebuildHookPath(url: string): boolean {
  const path = url.split('?')[0];
  return path === REBUILD_HOOK_PATH || path === REBUILD_STATUS_PATH;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers a request to a rebuild hook path (see isRebuildHookPath). */
export async function handleRebuildHook(
  req: IncomingMessage,
  res: ServerResponse,
  secret: string | undefined,
  rebuilder: LiveRebuilder | null,
): Promise<void> {
  const path = (req.url ?? '').split('?')[0];
  if (!secret) return send(res, 404, { message: 'ページが見つかりません。', code: 'common.not_found' });
  const method = path === REBUILD_HOOK_PATH ? 'POST' : 'GET';
  if (req.method !== method) {
    res.setHeader('allow', method);
    return send(res, 405, { message: `${method} で呼び出してください。`, code: 'common.method_not_allowed' });
  }
  const body = await readBody(req);
  if (body === null) return send(res, 413, { message: 'リクエストが大きすぎます。', code: 'common.payload_too_large' });
  const header = req.headers[SIGNATURE_HEADER];
  const check = verifyRebuildSignature(secret, Array.isArray(header) ? header[0] : header, body);
  if (!check.ok) {
    const message = check.reason === 'expired' ? '署名の有効期限が切れています。' : '署名を確認できませんでした。';
    return send(res, 401, { message, code: `rebuild.signature_${check.reason}` });
  }
  if (!rebuilder)
    return send(res, 503, { message: 'ショップを準備しています。しばらくしてからお試しください。', code: 'rebuild.not_ready' });
  if (method === 'GET') return send(res, 200, rebuilder.status());

  let json: unknown = {};
  if (body.trim()) {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  const parsed = hookBodySchema.safeParse(json);
  if (!parsed.success) {
    return send(res, 422, {
      message: '入力内容に誤りがあります。',
      code: 'common.validation',
      errors: { reason: ['理由は200文字以内の文字列で入力してください'] },
    });
  }
  rebuilder.trigger(`webhook${parsed.data.reason ? `: ${parsed.data.reason}` : ''}`);
  send(res, 202, { accepted: true, ...rebuilder.status() });
}
