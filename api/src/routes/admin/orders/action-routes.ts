/**
 * Route definitions of the staff's order actions (contracts/admin-order-actions.ts): 入金確認, 発送 of
 * one delivery, キャンセル, 金額変更, 返金済み. The old POST /orders/{id}/ship (the whole order, no capture) is
 * gone: shipping is per delivery and captures a card.
 */
import { createRoute } from '@hono/zod-openapi';
import { adminIdParamSchema } from '#contracts/admin.ts';
import {
  amountChangeRequestSchema,
  orderActionResultSchema,
  refundedRequestSchema,
  shipmentParamSchema,
  shipRequestSchema,
  staffCancelRequestSchema,
} from '#contracts/admin-order-actions.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity as security } from '../area.ts';

const tags = ['admin'];
const common = {
  200: jsonResponse(orderActionResultSchema, "The order's state afterwards, the points this call granted and a line for the screen"),
  401: errorResponse('No live staff session (auth.unauthenticated)'),
  403: errorResponse("The account's role may not work orders (auth.forbidden)"),
  404: errorResponse('No such order on this channel (common.not_found)'),
  409: errorResponse("Another staff member's action on this order is in flight (order.busy)"),
};

export const payOrderRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/paid',
  tags,
  security,
  request: { params: adminIdParamSchema },
  summary: '入金確認: a bank transfer, konbini or 後払い order pending → paid, its pending points granted; a repeat changes nothing',
  responses: {
    ...common,
    422: errorResponse(
      'Cancelled (order.cancelled); a card or 代引 order (order.paid.not_applicable); another payment state (order.paid.invalid_state)',
    ),
  },
});

export const shipOrderRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/shipments/{index}/ship',
  tags,
  security,
  request: { params: shipmentParamSchema, body: jsonBody(shipRequestSchema) },
  summary:
    '発送 of one delivery (orders.shippings[index]) with carrier and 伝票番号: the first captures a card and grants the points; the customer is mailed the tracking link',
  responses: {
    ...common,
    404: errorResponse('No such order on this channel, or no such delivery (common.not_found)'),
    409: errorResponse('Shipped already with another 伝票番号 (order.ship.already_shipped); another action in flight (order.busy)'),
    422: errorResponse(
      'Validation (common.validation); cancelled (order.cancelled); a gift without its address (order.ship.gift_waiting); nothing in the delivery (order.ship.empty); 前払い unpaid (order.ship.unpaid); fraud review (order.ship.fraud_suspected); card state (order.ship.payment_state); the capture failed (order.capture_failed)',
    ),
  },
});

export const cancelOrderRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/cancel',
  tags,
  security,
  request: { params: adminIdParamSchema, body: jsonBody(staffCancelRequestSchema) },
  summary:
    'キャンセル with a reason, also after shipping: stock, coupon and points back, the card voided or refunded; a repeat retries a failed void or refund, else changes nothing',
  responses: { ...common, 422: errorResponse('Validation (common.validation)') },
});

export const amountOrderRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/amount',
  tags,
  security,
  request: { params: adminIdParamSchema, body: jsonBody(amountChangeRequestSchema) },
  summary:
    "金額変更 before shipping: line quantities (0 removes) and/or the shop's 値引き, re-priced; a card re-authorised for the new total",
  responses: {
    ...common,
    409: errorResponse('Another action in flight (order.busy); the order changed meanwhile (order.amount.conflict)'),
    422: errorResponse(
      "Validation by field (common.validation: lines.N.item_id, lines, discount); cancelled (order.cancelled); shipped (order.amount.shipped); payment received or captured (order.amount.payment_state); over the method's ceiling (order.amount.payment_not_available); stock (order.amount.stock); the card declined the increase (order.amount.declined) or could not be reached (order.amount.payment_failed)",
    ),
  },
});

export const refundedOrderRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/refunded',
  tags,
  security,
  request: { params: adminIdParamSchema, body: { ...jsonBody(refundedRequestSchema), required: false } },
  summary:
    '返金済み: a cancelled order whose received offline payment (others.manual_refund) the shop refunded by hand; payment_status refunded; a repeat changes nothing',
  responses: {
    ...common,
    422: errorResponse(
      'Validation (common.validation: reason); not a cancelled order with a received payment to refund by hand (order.refunded.not_applicable)',
    ),
  },
});
