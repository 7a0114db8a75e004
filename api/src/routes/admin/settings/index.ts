/** The editable shop settings: GET and PATCH /admin/v1/settings. */
import type { AdminApp } from '../area.ts';
import { getSettings, patchSettings } from './handlers.ts';
import { getSettingsRoute, patchSettingsRoute } from './routes.ts';

export function registerSettingsRoutes(admin: AdminApp) {
  admin.openapi(getSettingsRoute, getSettings as never);
  admin.openapi(patchSettingsRoute, patchSettings as never);
}
