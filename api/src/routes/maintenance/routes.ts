/** Route definition of GET /v1/maintenance, the one /v1 call answered during maintenance. */
import { createRoute } from '@hono/zod-openapi';
import { maintenanceStateSchema } from '#contracts/maintenance.ts';
import { jsonResponse } from '../../lib/openapi.ts';

export const getMaintenance = createRoute({
  method: 'get',
  path: '/maintenance',
  tags: ['maintenance'],
  summary:
    'Whether the shop is in maintenance, with the title and message /maintenance/ shows (answered during maintenance too; never cached)',
  responses: { 200: jsonResponse(maintenanceStateSchema, 'Maintenance state') },
});
