/** Restock-request handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import { createProductRequest, deleteProductRequest, listProductRequests } from '../../services/discovery/product-requests.ts';
import type * as routes from './routes.ts';

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const input = /json/i.test(c.req.header('content-type') ?? '') ? c.req.valid('json') : c.req.valid('form');
  const { request, created: isNew } = await createProductRequest(c.get('db'), c.get('channel').id, c.get('user'), input);
  return isNew ? created(c, request) : ok(c, request);
};

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listProductRequests(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteProductRequest(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};
