/** Browsing-history handlers. */

import { messages } from '#contracts/messages.ts';
import { validationFailed } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { noContent, paged } from '../../lib/respond.ts';
import { deleteHistory, listHistory, recordView } from '../../services/product-histories/index.ts';
import type * as routes from './routes.ts';

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const { product_id, token } = c.req.valid('json');
  const user = c.get('user');
  if (!user && !token) throw validationFailed({ token: [messages.required('トークン')] });
  const id = await recordView(c.get('db'), c.get('channel').id, user ? { userId: user.id } : { guestToken: token! }, product_id);
  return c.json({ id, product_id }, 201);
};

export const guestList: AppRouteHandler<typeof routes.guestList> = async (c) => {
  const { token, ...page } = c.req.valid('query');
  // Personal although not under /me/: no shared cache may keep one guest's history.
  c.header('Cache-Control', 'private, no-store');
  return paged(c, await listHistory(c.get('db'), c.get('channel').id, { guestToken: token }, page));
};

export const memberList: AppRouteHandler<typeof routes.memberList> = async (c) =>
  paged(c, await listHistory(c.get('db'), c.get('channel').id, { userId: c.get('user')!.id }, c.req.valid('query')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteHistory(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};
