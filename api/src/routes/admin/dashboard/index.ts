/** The day's work at a glance (role staff or admin): orders to ship, awaiting payment, cancellations, failed payments, stock-outs, failing mails. */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { dashboardSchema } from '#contracts/admin-dashboard.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { dashboardOf } from '../../../services/admin/dashboard/index.ts';
import { type AdminApp, adminSecurity as security } from '../area.ts';
import type { AdminEnv } from '../middleware.ts';

export const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['admin'],
  security,
  summary:
    "The day's work: orders to ship today, awaiting payment, cancellations, failed payments, stock-outs and low stock, failing mails (counts and the first rows)",
  responses: {
    200: jsonResponse(dashboardSchema, "Each section's count and first rows"),
    401: errorResponse('No live session (auth.unauthenticated)'),
    403: errorResponse('The role is neither staff nor admin (auth.forbidden)'),
  },
});

const show = async (c: Context<AdminEnv>) => ok(c, await dashboardOf(c.get('db'), c.get('channel').id));

export function registerDashboardRoutes(admin: AdminApp) {
  admin.openapi(dashboardRoute, show as never);
}
