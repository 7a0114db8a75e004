/** The editors' accounts: POST /admin/v1/auth/login, POST /admin/v1/auth/logout, GET /admin/v1/me. */
import type { AdminApp } from '../area.ts';
import { login, logout, me } from './handlers.ts';
import { loginRoute, logoutRoute, meRoute } from './routes.ts';

export function registerAuthRoutes(admin: AdminApp) {
  admin.openapi(loginRoute, login as never);
  admin.openapi(logoutRoute, logout as never);
  admin.openapi(meRoute, me as never);
}
