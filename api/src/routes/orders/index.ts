/** The member's orders: list, one, cancel (PUT …/cancel) and the receipt PDF (GET …/download/receipt). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const orderRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.cancel, handlers.cancel)
  .openapi(routes.receipt, handlers.receipt);
