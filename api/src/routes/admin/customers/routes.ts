/** Route definitions of the customers area (/admin/v1/customers…; contracts/admin-customers.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminIdParamSchema } from '#contracts/admin.ts';
import {
  customerDetailQuerySchema,
  customerDetailSchema,
  customerRowSchema,
  customerSearchQuerySchema,
  pointAdjustRequestSchema,
  pointAdjustResultSchema,
  unlockResultSchema,
} from '#contracts/admin-customers.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity } from '../area.ts';

const tags = ['admin'];
const security = adminSecurity;
const common = {
  401: errorResponse('No live session (auth.unauthenticated)'),
  403: errorResponse('The role does not open the customers area: an editor (auth.forbidden)'),
};
const notFound = { 404: errorResponse('No such customer on this channel (common.not_found)') };

export const searchCustomersRoute = createRoute({
  method: 'get',
  path: '/customers',
  tags,
  security,
  request: { query: customerSearchQuerySchema },
  summary:
    "Searches the channel's customers (name or kana, login ID, member id, e-mail, phone digits, status); 50 a page, newest first, with the pagination headers",
  responses: {
    200: jsonResponse(z.array(customerRowSchema), 'One page of customers; x-total, x-per-page, x-last-page, x-current-page'),
    ...common,
    422: errorResponse('A bad query value (common.validation)'),
  },
});

export const customerDetailRoute = createRoute({
  method: 'get',
  path: '/customers/{id}',
  tags,
  security,
  request: { params: adminIdParamSchema, query: customerDetailQuerySchema },
  summary:
    'One customer: profile (no password hash, security answer, token or card), addresses, recent orders, one page of the points ledger, the last 50 logins',
  responses: {
    200: jsonResponse(customerDetailSchema, 'The customer'),
    ...common,
    ...notFound,
    422: errorResponse('A bad id or page (common.validation)'),
  },
});

export const adjustPointsRoute = createRoute({
  method: 'post',
  path: '/customers/{id}/points',
  tags,
  security,
  request: { params: adminIdParamSchema, body: jsonBody(pointAdjustRequestSchema) },
  summary:
    "Adjusts the member's points by hand (written to the ledger as 「ポイント調整（理由）」); the same request_key again applies once and answers the first result",
  responses: {
    200: jsonResponse(pointAdjustResultSchema, 'The adjustment and the balance before and after'),
    ...common,
    ...notFound,
    409: errorResponse('The request_key was used for another member (customer.request_key_used)'),
    422: errorResponse(
      'Validation failed (common.validation), a deduction beyond the balance (customer.point.insufficient), a withdrawn member or a guest (customer.not_member)',
    ),
  },
});

export const unlockCustomerRoute = createRoute({
  method: 'post',
  path: '/customers/{id}/unlock',
  tags,
  security,
  request: { params: adminIdParamSchema },
  summary: "Lifts the member's login lock (failure count 0, no lock, the mailed unlock link spent); repeating it changes nothing",
  responses: { 200: jsonResponse(unlockResultSchema, 'Whether anything changed'), ...common, ...notFound },
});
