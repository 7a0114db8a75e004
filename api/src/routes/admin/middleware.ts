/**
 * The admin API's own gate. The shop's people authenticate with a bearer token from POST
 * /admin/v1/auth/login, looked up only in editor_sessions: a member's access token (auth_tokens) is
 * unknown here, and an editor's token is unknown to /v1. A bearer header is not sent by browsers on
 * their own, so a cross-site page cannot make a staff member's browser act (no CSRF). Every answer is
 * `private, no-store`: back-office data never sits in a shared or browser cache. The account's role
 * is checked next (authorize.ts); `actor` is who the audit log names.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CLIENT_ADDRESS_HEADER, INTERNAL_SECRET_HEADER } from '#contracts/admin.ts';
import type { AppEnv } from '../../context.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { bearerOf } from '../../middleware/auth.ts';
import { isInternalRequest } from '../../middleware/maintenance.ts';
import type { Actor } from '../../services/admin/audit/record.ts';
import { actorOf, type EditorRow, findEditorSession } from '../../services/admin/auth/index.ts';
import { clientInfo } from '../auth/session.ts';

export interface AdminEnv {
  Variables: AppEnv['Variables'] & {
    /** The signed-in account (set by requireEditor). */
    editor: EditorRow;
    editorSessionId: number;
    /** Who the audit log names for this call. */
    actor: Actor;
  };
}

/** Paths of the admin API that need no session. */
const OPEN_PATHS = /\/auth\/login\/?$/;

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client of a call: the browser's address forwarded by the shop's /admin/ screens when they
 * prove the shared secret (contracts/admin.ts), else the caller's own (TRUSTED_PROXIES rules).
 */
export function adminClient(c: Context<AdminEnv>) {
  const own = clientInfo(c as never);
  const forwarded = c.req.header(CLIENT_ADDRESS_HEADER)?.trim();
  if (!forwarded || !ADDRESS.test(forwarded)) return own;
  return isInternalRequest(c.req.header(INTERNAL_SECRET_HEADER)) ? { ...own, ip: forwarded } : own;
}

export const requireEditor = createMiddleware<AdminEnv>(async (c, next) => {
  if (c.req.method === 'POST' && OPEN_PATHS.test(c.req.path)) return next();
  const secret = bearerOf(c.req.header('authorization'));
  const session = secret ? await findEditorSession(c.get('db'), secret) : null;
  if (!session) throw unauthenticated();
  c.set('editor', session.editor);
  c.set('editorSessionId', session.sessionId);
  c.set('actor', actorOf(session.editor, adminClient(c).ip ?? null, c.get('channel')?.id ?? null));
  await next();
});

export const noStore = createMiddleware<AdminEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
