/** Route definitions of the staff's order actions: POST /admin/v1/orders/{id}/ship and /paid. */
import { createRoute } from '@hono/zod-openapi';
import { adminIdParamSchema } from '#contracts/admin.ts';
import { orderEventResultSchema } from '#contracts/admin-orders.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';

const security = [{ editorBearer: [] }];
const tags = ['admin'];
const responses = {
  200: jsonResponse(orderEventResultSchema, 'The order\'s state and the points granted by this call (0 when none were pending)'),
  401: errorResponse('No live editor session (auth.unauthenticated)'),
  404: errorResponse('No such order on this channel (common.not_found)'),
  422: errorResponse('The order is cancelled (order.cancelled)'),
};

export const shipOrderRoute = createRoute({
  method: 'post', path: '/orders/{id}/ship', tags, security, request: { params: adminIdParamSchema }, responses,
  summary: 'Marks the order shipped and grants the points earned on it (pending until then); repeating it changes nothing',
});

export const payOrderRoute = createRoute({
  method: 'post', path: '/orders/{id}/paid', tags, security, request: { params: adminIdParamSchema }, responses,
  summary: 'Confirms the order\'s payment (payment_status pending → paid) and grants the points earned on it; repeating it changes nothing',
});
