/** Payment handlers: each parses, calls one service function and answers. */
import { cartScope } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { paymentsForCart } from '../../services/checkout/index.ts';
import { receiveFraudDetection } from '../../services/payments/callbacks.ts';
import { listPayments } from '../../services/payments/index.ts';
import { paymentServiceSettings } from '../../services/payments/service-settings.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) => ok(c, await listPayments(c.get('db')));
export const forCart: AppRouteHandler<typeof routes.forCart> = async (c) =>
  ok(c, await paymentsForCart(cartScope(c), c.req.valid('param').token));
export const settings: AppRouteHandler<typeof routes.settings> = async (c) =>
  ok(c, await paymentServiceSettings(c.get('db'), c.get('env'), c.req.valid('param').code));
export const fraudDetection: AppRouteHandler<typeof routes.fraudDetection> = async (c) =>
  // The signature covers the exact bytes sent, so the body is read raw, never re-serialised.
  ok(c, await receiveFraudDetection(c.get('db'), c.get('env'), c.req.valid('param').provider, await c.req.text(), c.req.header()));
