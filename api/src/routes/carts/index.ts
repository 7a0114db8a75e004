/** Cart: /v1/carts/… (init, read, lines, shipping, payment, decision, the order by number). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const cartRoutes = createRouter()
  .openapi(routes.init, handlers.init)
  .openapi(routes.get, handlers.get)
  .openapi(routes.reset, handlers.reset)
  .openapi(routes.add, handlers.add)
  .openapi(routes.addSet, handlers.addSet)
  .openapi(routes.modify, handlers.modify)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.shippingAdd, handlers.shippingAdd)
  .openapi(routes.shippingReset, handlers.shippingReset)
  .openapi(routes.orderModify, handlers.orderModify)
  .openapi(routes.decision, handlers.decision)
  .openapi(routes.order, handlers.order);
