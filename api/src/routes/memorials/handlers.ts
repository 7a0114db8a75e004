/** Memorial-day and name-embroidery handlers: the signed-in member's own data only. */

import { MEMORIAL_LIMIT } from '#contracts/memorials.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent, ok } from '../../lib/respond.ts';
import {
  createMemorial,
  deleteMemorial,
  getMemorial,
  getNameEmbroidery,
  listMemorials,
  saveNameEmbroidery,
  updateMemorial,
} from '../../services/memorials/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  limited(c, await listMemorials(c.get('db'), c.get('user')!.id), MEMORIAL_LIMIT);

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) =>
  ok(c, await getMemorial(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  created(c, await createMemorial(c.get('db'), c.get('user')!.id, c.req.valid('json')));

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  ok(c, await updateMemorial(c.get('db'), c.get('user')!.id, c.req.valid('param').id, c.req.valid('json')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteMemorial(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};

export const getEmbroidery: AppRouteHandler<typeof routes.getEmbroidery> = async (c) =>
  ok(c, await getNameEmbroidery(c.get('db'), c.get('user')!.id));

export const putEmbroidery: AppRouteHandler<typeof routes.putEmbroidery> = async (c) =>
  ok(c, await saveNameEmbroidery(c.get('db'), c.get('user')!.id, c.req.valid('json')));
