/** Card and provider payment handlers: each parses, calls one service function and answers. */
import { cartScope } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent, ok } from '../../lib/respond.ts';
import { checkCartPayment, completeCardAuthentication, deleteTransactionError } from '../../services/carts/index.ts';
import { receiveFraudDetection } from '../../services/payments/callbacks.ts';
import { paymentServiceSettings } from '../../services/checkout/usable-payments.ts';
import { addUserCard, deleteUserCard, listUserCards, USER_CARD_LIMIT, useUserCard } from '../../services/user-cards/index.ts';
import type * as routes from './routes.ts';

export const settings: AppRouteHandler<typeof routes.settings> = async (c) =>
  ok(c, await paymentServiceSettings(c.get('db'), c.get('env'), c.req.valid('param').code));
export const check: AppRouteHandler<typeof routes.check> = async (c) => {
  const { token, payment_id } = c.req.valid('param');
  return ok(c, await checkCartPayment(cartScope(c), token, payment_id));
};
export const threeDs: AppRouteHandler<typeof routes.threeDs> = async (c) =>
  ok(c, await completeCardAuthentication(cartScope(c), c.req.valid('param').token, c.req.valid('json')));
export const transactionErrorDelete: AppRouteHandler<typeof routes.transactionErrorDelete> = async (c) =>
  ok(c, await deleteTransactionError(cartScope(c), c.req.valid('json')));
export const fraudDetection: AppRouteHandler<typeof routes.fraudDetection> = async (c) =>
  // The signature covers the exact bytes sent, so the body is read raw, never re-serialised.
  ok(c, await receiveFraudDetection(c.get('db'), c.get('env'), c.req.valid('param').provider, await c.req.text(), c.req.header()));

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
