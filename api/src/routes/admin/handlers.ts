/** Handlers of the editor API: each reads the request, calls one service function, answers. */
import type { Context } from 'hono';
import { CLIENT_ADDRESS_HEADER, INTERNAL_SECRET_HEADER } from '#contracts/admin.ts';
import { isInternalRequest } from '../../middleware/maintenance.ts';
import { clientInfo } from '../auth/session.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import { loginEditor, logoutEditor, toEditor } from '../../services/admin/auth.ts';
import { createItem, deleteItem, getItem, listItems, updateItem } from '../../services/admin/crud.ts';
import type { AdminResourceDef } from '../../services/admin/resources.ts';
import type { AdminEnv } from './middleware.ts';

type C = Context<AdminEnv>;
// The validated input, as the route's schema produced it (the routes are built per content type,
// so their input types are not known statically here).
const valid = (c: C, target: 'json' | 'query' | 'param') => (c.req.valid as (t: string) => Record<string, unknown>)(target);

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client of a login: the browser's address forwarded by the shop's /admin/ screens when they
 * prove the shared secret (contracts/admin.ts), else the caller's own (TRUST_PROXY rules).
 */
function loginClient(c: C) {
  const own = clientInfo(c as never);
  const forwarded = c.req.header(CLIENT_ADDRESS_HEADER)?.trim();
  if (!forwarded || !ADDRESS.test(forwarded)) return own;
  return isInternalRequest(c.req.header(INTERNAL_SECRET_HEADER)) ? { ...own, ip: forwarded } : own;
}

export const login = async (c: C) => ok(c, await loginEditor(c.get('db'), c.get('env'), valid(c, 'json') as { login: string; password: string }, loginClient(c)));
export const logout = async (c: C) => { await logoutEditor(c.get('db'), c.get('editorSessionId')); return noContent(c); };
export const me = async (c: C) => ok(c, toEditor(c.get('editor')));

/** The five handlers of one content type. */
export function crudHandlers(def: AdminResourceDef) {
  const channel = (c: C) => c.get('channel').id;
  const id = (c: C) => Number(valid(c, 'param').id);
  return {
    list: async (c: C) => paged(c, await listItems(c.get('db'), def, channel(c), valid(c, 'query') as { page?: number; per?: number })),
    get: async (c: C) => ok(c, await getItem(c.get('db'), def, channel(c), id(c))),
    create: async (c: C) => created(c, await createItem(c.get('db'), def, channel(c), valid(c, 'json'))),
    update: async (c: C) => ok(c, await updateItem(c.get('db'), def, channel(c), id(c), valid(c, 'json'))),
    remove: async (c: C) => { await deleteItem(c.get('db'), def, channel(c), id(c)); return noContent(c); },
  };
}
