/** Handlers of the editors' accounts: login, logout, me (services/admin/auth). */
import type { Context } from 'hono';
import { noContent, ok } from '../../../lib/respond.ts';
import { loginEditor, logoutEditor, toEditor } from '../../../services/admin/auth/index.ts';
import { type AdminEnv, adminClient } from '../middleware.ts';

type C = Context<AdminEnv>;
const valid = (c: C, target: 'json') => (c.req.valid as (t: string) => Record<string, unknown>)(target);

export const login = async (c: C) =>
  ok(
    c,
    await loginEditor(
      c.get('db'),
      c.get('env'),
      valid(c, 'json') as { login: string; password: string },
      adminClient(c),
      c.get('channel')?.id ?? null,
    ),
  );
export const logout = async (c: C) => {
  await logoutEditor(c.get('db'), c.get('editorSessionId'), c.get('actor'));
  return noContent(c);
};
export const me = async (c: C) => ok(c, toEditor(c.get('editor')));
