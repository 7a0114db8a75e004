/** Handlers of the admin API's content: each reads the request, calls one service function, answers. */
import type { Context } from 'hono';
import { created, noContent, ok, paged } from '../../../lib/respond.ts';
import { createItem, deleteItem, getItem, listItems, updateItem } from '../../../services/admin/content/crud.ts';
import type { AdminResourceDef } from '../../../services/admin/content/resources.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
// The validated input, as the route's schema produced it (the routes are built per content type,
// so their input types are not known statically here).
const valid = (c: C, target: 'json' | 'query' | 'param') => (c.req.valid as (t: string) => Record<string, unknown>)(target);

/** The five handlers of one content type. */
export function crudHandlers(def: AdminResourceDef) {
  const channel = (c: C) => c.get('channel').id;
  const id = (c: C) => Number(valid(c, 'param').id);
  return {
    list: async (c: C) => paged(c, await listItems(c.get('db'), def, channel(c), valid(c, 'query') as { page?: number; per?: number })),
    get: async (c: C) => ok(c, await getItem(c.get('db'), def, channel(c), id(c))),
    create: async (c: C) => created(c, await createItem(c.get('db'), def, channel(c), valid(c, 'json'), c.get('actor'))),
    update: async (c: C) => ok(c, await updateItem(c.get('db'), def, channel(c), id(c), valid(c, 'json'), c.get('actor'))),
    remove: async (c: C) => {
      await deleteItem(c.get('db'), def, channel(c), id(c), c.get('actor'));
      return noContent(c);
    },
  };
}
