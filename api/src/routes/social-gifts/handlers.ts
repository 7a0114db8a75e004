/** Social gift handlers (the receiver's calls): each parses, calls one service function and answers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import * as gifts from '../../services/social-gifts/index.ts';
import { secretRead } from './link.ts';
import type * as routes from './routes.ts';

export const products: AppRouteHandler<typeof routes.products> = async (c) =>
  ok(secretRead(c), await gifts.giftProducts(c.get('db'), c.get('channel').id, c.req.valid('param').token));
export const shipping: AppRouteHandler<typeof routes.shipping> = async (c) =>
  ok(secretRead(c), await gifts.giftShipping(c.get('db'), c.get('channel'), c.req.valid('param').token));
export const checkShipping: AppRouteHandler<typeof routes.checkShipping> = async (c) => ok(c, gifts.checkGiftShipping(c.req.valid('json')));
export const checkDelivery: AppRouteHandler<typeof routes.checkDelivery> = async (c) =>
  ok(c, await gifts.checkGiftDelivery(c.get('db'), c.get('channel').id, c.req.valid('json')));
export const receive: AppRouteHandler<typeof routes.receive> = async (c) =>
  ok(c, await gifts.receiveGift(c.get('db'), c.get('channel'), c.req.valid('param').token, c.req.valid('json')));
export const complete: AppRouteHandler<typeof routes.complete> = async (c) =>
  ok(secretRead(c), await gifts.giftComplete(c.get('db'), c.get('channel').id, c.req.valid('param').token));
