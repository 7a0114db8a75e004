/** Payment methods: GET /v1/payments and GET /v1/payments/carts/{token}. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const paymentRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.forCart, handlers.forCart);
