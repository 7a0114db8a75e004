/** Address book handlers: the signed-in member's addresses, the postal-code lookup and the prefectures. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent, ok } from '../../lib/respond.ts';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress, useAddress } from '../../services/addresses.ts';
import { listPrefectures, lookupPostalCode } from '../../services/postal.ts';
import { ADDRESS_LIMIT } from '#contracts/addresses.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  limited(c, await listAddresses(c.get('db'), c.get('user')!.id), ADDRESS_LIMIT);

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) =>
  ok(c, await getAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  created(c, await createAddress(c.get('db'), c.get('user')!.id, c.req.valid('json')));

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  ok(c, await updateAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id, c.req.valid('json')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};

export const use: AppRouteHandler<typeof routes.use> = async (c) =>
  ok(c, await useAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const postal: AppRouteHandler<typeof routes.postal> = async (c) =>
  ok(c, lookupPostalCode(c.req.valid('query').code));

/** The list never changes between releases: browsers and shared caches may keep it for a day. */
export const prefectures: AppRouteHandler<typeof routes.prefectures> = async (c) => {
  c.header('Cache-Control', 'public, max-age=86400');
  return ok(c, listPrefectures());
};
