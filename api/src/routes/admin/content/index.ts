/** The CMS content of the editor API: one CRUD route set per content type of services/admin/content/resources.ts. */
import { adminResources } from '../../../services/admin/content/resources.ts';
import type { AdminApp } from '../area.ts';
import { crudHandlers } from './handlers.ts';
import { crudRoutes } from './routes.ts';

export function registerContentRoutes(admin: AdminApp) {
  for (const def of Object.values(adminResources)) {
    const routes = crudRoutes(def);
    const handlers = crudHandlers(def);
    admin.openapi(routes.list, handlers.list as never);
    admin.openapi(routes.get, handlers.get as never);
    admin.openapi(routes.create, handlers.create as never);
    admin.openapi(routes.update, handlers.update as never);
    admin.openapi(routes.remove, handlers.remove as never);
  }
}
