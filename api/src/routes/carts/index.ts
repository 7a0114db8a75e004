/** Cart: /v1/carts/… (init, read, lines, shipping, payment, decision, the order by number). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './cart/handlers.ts';
import * as routes from './cart/routes.ts';

// Registered one statement at a time: a chain's type grows with every operation, and past this
// many the app's route type is too complex for the compiler (TS2590).
export const cartRoutes = createRouter();
cartRoutes.openapi(routes.init, handlers.init);
cartRoutes.openapi(routes.get, handlers.get);
cartRoutes.openapi(routes.reset, handlers.reset);
cartRoutes.openapi(routes.add, handlers.add);
cartRoutes.openapi(routes.addSet, handlers.addSet);
cartRoutes.openapi(routes.accessoryAdd, handlers.accessoryAdd);
cartRoutes.openapi(routes.accessoryModify, handlers.accessoryModify);
cartRoutes.openapi(routes.accessoryDelete, handlers.accessoryDelete);
cartRoutes.openapi(routes.modify, handlers.modify);
cartRoutes.openapi(routes.remove, handlers.remove);
cartRoutes.openapi(routes.shippingAdd, handlers.shippingAdd);
cartRoutes.openapi(routes.shippingReset, handlers.shippingReset);
cartRoutes.openapi(routes.orderModify, handlers.orderModify);
cartRoutes.openapi(routes.decision, handlers.decision);
cartRoutes.openapi(routes.order, handlers.order);
