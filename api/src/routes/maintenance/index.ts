/** The maintenance state: GET /v1/maintenance (the gate itself is middleware/maintenance.ts). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const maintenanceRoutes = createRouter().openapi(routes.getMaintenance, handlers.getMaintenance);
