/** Handlers of the staff's order actions: read the order id (and body), call the service, answer. */
import type { Context } from 'hono';
import type { AmountChangeRequest, RefundedRequest, ShipRequest, StaffCancelRequest } from '#contracts/admin-order-actions.ts';
import { ok } from '../../../lib/respond.ts';
import {
  type ActionScope,
  cancelByStaff,
  changeOrderAmount,
  confirmOrderPayment,
  markOrderRefunded,
  shipDelivery,
} from '../../../services/admin/orders/actions/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
type Valid = <T>(target: 'param' | 'json') => T;

const scope = (c: C): ActionScope => ({ db: c.get('db'), env: c.get('env'), channel: c.get('channel'), actor: c.get('actor') });
const param = (c: C) => (c.req.valid as Valid)<{ id: number; index?: number }>('param');
const body = <T>(c: C) => (c.req.valid as Valid)<T>('json');

export const payOrder = async (c: C) => ok(c, await confirmOrderPayment(scope(c), param(c).id));
export const shipOrder = async (c: C) => ok(c, await shipDelivery(scope(c), param(c).id, param(c).index ?? 0, body<ShipRequest>(c)));
export const cancelOrder = async (c: C) => ok(c, await cancelByStaff(scope(c), param(c).id, body<StaffCancelRequest>(c).reason));
export const amountOrder = async (c: C) => ok(c, await changeOrderAmount(scope(c), param(c).id, body<AmountChangeRequest>(c)));
export const refundedOrder = async (c: C) => ok(c, await markOrderRefunded(scope(c), param(c).id, body<RefundedRequest>(c).reason ?? ''));
