/** The member's product search history. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productSearchHistoryRoutes = createRouter()
  .openapi(routes.add, handlers.add)
  .openapi(routes.list, handlers.list)
  .openapi(routes.remove, handlers.remove);
