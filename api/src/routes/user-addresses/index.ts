/** Address book: /v1/me/user-addresses… (signed-in members). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userAddressRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  // Before /{id}: "export" is not an id.
  .openapi(routes.exportCsv, handlers.exportCsv)
  .openapi(routes.importCsv, handlers.importCsv)
  .openapi(routes.removeAll, handlers.removeAll)
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.use, handlers.use);
