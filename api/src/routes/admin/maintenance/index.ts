/** The editors' maintenance switch: GET and PUT /admin/v1/maintenance. */
import type { AdminApp } from '../area.ts';
import { getMaintenance, putMaintenance } from './handlers.ts';
import { getMaintenanceRoute, putMaintenanceRoute } from './routes.ts';

export function registerMaintenanceRoutes(admin: AdminApp) {
  admin.openapi(getMaintenanceRoute, getMaintenance as never);
  admin.openapi(putMaintenanceRoute, putMaintenance as never);
}
