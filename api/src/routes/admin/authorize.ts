/**
 * The admin API's role check: every path under /admin/v1 belongs to one area of
 * contracts/admin-roles.ts by its first segment, and a call is let through only when the signed-in
 * account's role opens that area (403 auth.forbidden otherwise). A first segment missing from the
 * table is refused for every role, so a new route is closed until its area is named here
 * (tests/api/admin-roles.test.ts walks the OpenAPI document to prove each route is covered).
 */
import { createMiddleware } from 'hono/factory';
import { ADMIN_RESOURCES } from '#contracts/admin.ts';
import { type AdminArea, canUse, FORBIDDEN_MESSAGE } from '#contracts/admin-roles.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AdminEnv } from './middleware.ts';

/** Paths every signed-in role may call: its own account, logout, the API's description. */
const ANY_ROLE = new Set(['me', 'auth', 'openapi.json']);

/** The area of each first path segment. */
export const AREA_OF_SEGMENT: Record<string, AdminArea> = {
  ...Object.fromEntries(ADMIN_RESOURCES.map((r) => [r, 'content' as const])),
  maintenance: 'maintenance',
  settings: 'settings',
  dashboard: 'dashboard',
  orders: 'orders',
  customers: 'customers',
  products: 'stock',
  stock: 'stock',
  staff: 'staff',
  audit: 'audit',
};

export const forbidden = () => new ApiError(403, FORBIDDEN_MESSAGE, { code: 'auth.forbidden' });

/** The first segment of a path below /admin/v1 ('' for the root). */
export const firstSegment = (path: string) => path.replace(/^.*?\/admin\/v1\/?/, '').split('/')[0] ?? '';

export const authorize = createMiddleware<AdminEnv>(async (c, next) => {
  const editor = c.get('editor');
  // No account: the login itself (requireEditor let it through); everything else has one.
  if (!editor) return next();
  const segment = firstSegment(c.req.path);
  if (ANY_ROLE.has(segment)) return next();
  const area = AREA_OF_SEGMENT[segment];
  if (!area || !canUse(editor.role, area)) throw forbidden();
  await next();
});
