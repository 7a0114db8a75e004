/** Restock-request handlers. */

import { productRequestCreateSchema } from '#contracts/discovery.ts';
import { validationFailed } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import { issuesToErrors } from '../../lib/router.ts';
import { createProductRequest, deleteProductRequest, listProductRequests } from '../../services/product-requests/index.ts';
import { confirmProductRequests } from '../../services/product-requests/restock-confirm.ts';
import type * as routes from './routes.ts';

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const type = c.req.header('content-type') ?? '';
  const input = /json/i.test(type) ? c.req.valid('json') : /form/i.test(type) ? c.req.valid('form') : bodyless();
  const { request, created: isNew } = await createProductRequest(c.get('db'), c.get('env'), c.get('channel').id, c.get('user'), input);
  return isNew ? created(c, request) : ok(c, request);
};

/** No body at all: the same field errors as an empty form. */
function bodyless(): never {
  const result = productRequestCreateSchema.safeParse({});
  throw validationFailed(result.success ? {} : issuesToErrors(result.error));
}

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listProductRequests(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteProductRequest(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};

export const confirm: AppRouteHandler<typeof routes.confirm> = async (c) =>
  ok(c, await confirmProductRequests(c.get('db'), c.get('channel').id, c.req.valid('json').token));
