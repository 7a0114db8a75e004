/** Route definitions of the staff's order list, its CSV export and one order's detail (contracts/admin-orders.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminIdParamSchema } from '#contracts/admin.ts';
import { adminOrderDetailSchema } from '#contracts/admin-order-detail.ts';
import {
  adminOrderDetailQuerySchema,
  adminOrderExportQuerySchema,
  adminOrderListItemSchema,
  adminOrderListQuerySchema,
} from '#contracts/admin-orders.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity as security } from '../area.ts';

const tags = ['admin'];
const unauthorised = errorResponse('No live editor session (auth.unauthenticated)');
const forbidden = errorResponse("The account's role does not open the orders area: staff and admin only (auth.forbidden)");
const invalid = errorResponse(
  'Validation failed (common.validation): the filter named in Japanese (a bad date, an unknown sort, payment method or channel, 終了 before 開始)',
);

export const listOrdersRoute = createRoute({
  method: 'get',
  path: '/orders',
  tags,
  security,
  request: { query: adminOrderListQuerySchema },
  summary:
    'The orders, filtered (number, name or kana, e-mail, phone, 対応状況, payment method and state, Japan days, channel), newest first or sorted; 50 per page with the pagination headers',
  responses: {
    200: jsonResponse(z.array(adminOrderListItemSchema), 'One page (x-total, x-per-page, x-last-page, x-current-page)'),
    401: unauthorised,
    403: forbidden,
    422: invalid,
  },
});

export const exportOrdersRoute = createRoute({
  method: 'get',
  path: '/orders/export.csv',
  tags,
  security,
  request: { query: adminOrderExportQuerySchema },
  summary:
    'The filtered orders as a CSV file: ヤマト B2 クラウド or 佐川 e飛伝III (one row per delivery of the orders not cancelled) or 受注一覧 (one row per order); UTF-8 with BOM or Shift_JIS',
  responses: {
    200: { description: 'The file (Content-Disposition: attachment)', content: { 'text/csv': { schema: z.string() } } },
    401: unauthorised,
    403: forbidden,
    422: errorResponse('Validation failed (common.validation), or more than 10,000 orders match (order.export.too_many)'),
  },
});

export const orderDetailRoute = createRoute({
  method: 'get',
  path: '/orders/{id}',
  tags,
  security,
  request: { params: adminIdParamSchema, query: adminOrderDetailQuerySchema },
  summary:
    'One order: lines, deliveries and shipments, payment (no provider reference), points, coupons, the customer, their messages, the history and the actions its state allows',
  responses: {
    200: jsonResponse(adminOrderDetailSchema, 'The order'),
    401: unauthorised,
    403: forbidden,
    404: errorResponse('No such order on this channel, or on the channel `channel=` names (common.not_found)'),
    422: invalid,
  },
});
