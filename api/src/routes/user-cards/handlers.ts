/** Saved cards handlers: each parses, calls one service function and answers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent, ok } from '../../lib/respond.ts';
import { addUserCard, deleteUserCard, listUserCards, USER_CARD_LIMIT, useUserCard } from '../../services/user-cards/index.ts';
import type * as routes from './routes.ts';

export const cardList: AppRouteHandler<typeof routes.cardList> = async (c) =>
  limited(c, await listUserCards(c.get('db'), c.get('user')!.id), USER_CARD_LIMIT);
export const cardCreate: AppRouteHandler<typeof routes.cardCreate> = async (c) =>
  created(c, await addUserCard(c.get('db'), c.get('env'), c.get('user')!.id, c.req.valid('json').token));
export const cardDelete: AppRouteHandler<typeof routes.cardDelete> = async (c) => {
  await deleteUserCard(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};
export const cardUse: AppRouteHandler<typeof routes.cardUse> = async (c) =>
  ok(c, await useUserCard(c.get('db'), c.get('user')!.id, c.req.valid('param').id));
