/** Handlers of the staff's order actions: read the order id (and body), call the service, answer. */
import type { Context } from 'hono';
import { ok } from '../../../lib/respond.ts';
import { markOrderPaid, markOrderShipped } from '../../../services/orders/fulfil.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;

const orderId = (c: C) => Number((c.req.valid as (t: 'param') => { id: number | string })('param').id);

export const shipOrder = async (c: C) => ok(c, await markOrderShipped(c.get('db'), c.get('channel').id, orderId(c)));
export const payOrder = async (c: C) => ok(c, await markOrderPaid(c.get('db'), c.get('channel').id, orderId(c)));
