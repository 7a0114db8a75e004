/**
 * The admin API, mounted at /admin/v1 beside the public /v1: the same input guards (body size, NUL
 * bytes), the channel from X-Channel-Id as in /v1, its own bearer sessions (middleware.ts), the role
 * check of every path (authorize.ts), and one folder per area, each registering its own routes: auth
 * (login, logout, me), settings, maintenance, orders, customers, products, dashboard, staff, audit and
 * content (one CRUD route set per content type of services/admin/content/resources.ts). Validation
 * failures are the spec's 422 body with Japanese messages by field, as everywhere.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodError } from 'zod';
import type { ApiEnv } from '../../env.ts';
import { handleError, validationFailed } from '../../lib/errors.ts';
import { issuesToErrors } from '../../lib/router.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { channelMiddleware } from '../../middleware/channel.ts';
import { rejectNul } from '../../middleware/nul.ts';
import { registerAuditRoutes } from './audit/index.ts';
import { registerAuthRoutes } from './auth/index.ts';
import { authorize } from './authorize.ts';
import { registerContentRoutes } from './content/index.ts';
import { registerCustomersRoutes } from './customers/index.ts';
import { registerDashboardRoutes } from './dashboard/index.ts';
import { registerMaintenanceRoutes } from './maintenance/index.ts';
import { type AdminEnv, noStore, requireEditor } from './middleware.ts';
import { registerOrderRoutes } from './orders/index.ts';
import { IMPORT_BODY_LIMIT, imageBodyLimit, registerProductsRoutes } from './products/index.ts';
import { registerSettingsRoutes } from './settings/index.ts';
import { registerStaffRoutes } from './staff/index.ts';

/** The /admin/v1 app; `provide` sets the database and configuration as for /v1. */
export function createAdminApp(provide: MiddlewareHandler, env: ApiEnv) {
  const admin = new OpenAPIHono<AdminEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(issuesToErrors(result.error as ZodError));
    },
  });
  admin.use('*', provide);
  admin.use('*', noStore);
  admin.use('*', limitBody(env, [IMPORT_BODY_LIMIT, imageBodyLimit(env)]));
  admin.use('*', rejectNul);
  admin.use('*', channelMiddleware as unknown as MiddlewareHandler);
  admin.use('*', requireEditor);
  admin.use('*', authorize);
  registerAuthRoutes(admin);
  registerSettingsRoutes(admin);
  registerMaintenanceRoutes(admin);
  registerOrderRoutes(admin);
  registerCustomersRoutes(admin);
  registerProductsRoutes(admin);
  registerDashboardRoutes(admin);
  registerStaffRoutes(admin);
  registerAuditRoutes(admin);
  registerContentRoutes(admin);
  admin.openAPIRegistry.registerComponent('securitySchemes', 'editorBearer', { type: 'http', scheme: 'bearer' });
  admin.doc('/openapi.json', {
    openapi: '3.0.0',
    info: { title: 'Shop admin API (editors, staff, admins)', version: '1.0.0' },
    servers: [{ url: '/admin/v1' }],
  });
  admin.onError(handleError);
  return admin;
}
