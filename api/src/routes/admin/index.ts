/**
 * The admin API, mounted at /admin/v1 beside the public /v1: the same input guards (body size, NUL
 * bytes), the channel from X-Channel-Id as in /v1, its own bearer sessions (middleware.ts), the role
 * check of every path (authorize.ts), one CRUD route set per content type of
 * services/admin/content/resources.ts, and one folder per back-office area (orders, customers, products,
 * dashboard, staff, audit), each registering its own routes. Validation failures are the spec's 422
 * body with Japanese messages by field, as everywhere.
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
import { adminResources } from '../../services/admin/content/resources.ts';
import { crudHandlers, login, logout, me } from './content/handlers.ts';
import { getMaintenance, putMaintenance } from './maintenance/handlers.ts';
import { getMaintenanceRoute, putMaintenanceRoute } from './maintenance/routes.ts';
import { noStore, requireEditor, type AdminEnv } from './middleware.ts';
import { authorize } from './authorize.ts';
import { registerAuditRoutes } from './audit/index.ts';
import { registerCustomersRoutes } from './customers/index.ts';
import { registerDashboardRoutes } from './dashboard/index.ts';
import { registerOrderRoutes } from './orders/index.ts';
import { IMPORT_BODY_LIMIT, registerProductsRoutes } from './products/index.ts';
import { registerStaffRoutes } from './staff/index.ts';
import { crudRoutes, loginRoute, logoutRoute, meRoute } from './content/routes.ts';
import { getSettings, patchSettings } from './settings/handlers.ts';
import { getSettingsRoute, patchSettingsRoute } from './settings/routes.ts';

/** The /admin/v1 app; `provide` sets the database and configuration as for /v1. */
export function createAdminApp(provide: MiddlewareHandler, env: ApiEnv) {
  const admin = new OpenAPIHono<AdminEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(issuesToErrors(result.error as ZodError));
    },
  });
  admin.use('*', provide);
  admin.use('*', noStore);
  admin.use('*', limitBody(env, [IMPORT_BODY_LIMIT]));
  admin.use('*', rejectNul);
  admin.use('*', channelMiddleware as unknown as MiddlewareHandler);
  admin.use('*', requireEditor);
  admin.use('*', authorize);
  admin.openapi(loginRoute, login as never);
  admin.openapi(logoutRoute, logout as never);
  admin.openapi(meRoute, me as never);
  admin.openapi(getSettingsRoute, getSettings as never);
  admin.openapi(patchSettingsRoute, patchSettings as never);
  admin.openapi(getMaintenanceRoute, getMaintenance as never);
  admin.openapi(putMaintenanceRoute, putMaintenance as never);
  registerOrderRoutes(admin);
  registerCustomersRoutes(admin);
  registerProductsRoutes(admin);
  registerDashboardRoutes(admin);
  registerStaffRoutes(admin);
  registerAuditRoutes(admin);
  for (const def of Object.values(adminResources)) {
    const routes = crudRoutes(def);
    const handlers = crudHandlers(def);
    admin.openapi(routes.list, handlers.list as never);
    admin.openapi(routes.get, handlers.get as never);
    admin.openapi(routes.create, handlers.create as never);
    admin.openapi(routes.update, handlers.update as never);
    admin.openapi(routes.remove, handlers.remove as never);
  }
  admin.openAPIRegistry.registerComponent('securitySchemes', 'editorBearer', { type: 'http', scheme: 'bearer' });
  admin.doc('/openapi.json', { openapi: '3.0.0', info: { title: 'Shop admin API (editors, staff, admins)', version: '1.0.0' }, servers: [{ url: '/admin/v1' }] });
  admin.onError(handleError);
  return admin;
}
