/** The paper catalogue (issue 8): the catalogues of the channel, /v1/catalog, and an order of one, /v1/catalog-orders. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const catalogOrderRoutes = createRouter()
  .openapi(routes.catalogs, handlers.catalogs)
  .openapi(routes.catalogOrder, handlers.catalogOrder);
