/**
 * The editor API's own gate. Editors authenticate with a bearer token from POST /admin/v1/auth/login,
 * looked up only in editor_sessions: a member's access token (auth_tokens) is unknown here, and an
 * editor's token is unknown to /v1. A bearer header is not sent by browsers on their own, so a
 * cross-site page cannot make an editor's browser change content (no CSRF). Every answer is
 * `private, no-store`: editor data never sits in a shared or browser cache.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { bearerOf } from '../../middleware/auth.ts';
import { findEditorSession, type EditorRow } from '../../services/admin/auth.ts';

export interface AdminEnv {
  Variables: AppEnv['Variables'] & {
    /** The signed-in editor (set by requireEditor). */
    editor: EditorRow;
    editorSessionId: number;
  };
}

/** Paths of the editor API that need no session. */
const OPEN_PATHS = /\/auth\/login\/?$/;

export const requireEditor = createMiddleware<AdminEnv>(async (c, next) => {
  if (c.req.method === 'POST' && OPEN_PATHS.test(c.req.path)) return next();
  const secret = bearerOf(c.req.header('authorization'));
  const session = secret ? await findEditorSession(c.get('db'), secret) : null;
  if (!session) throw unauthenticated();
  c.set('editor', session.editor);
  c.set('editorSessionId', session.sessionId);
  await next();
});

export const noStore = createMiddleware<AdminEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
