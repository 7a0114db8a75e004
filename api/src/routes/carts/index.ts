/**
 * Cart: every /v1/carts/… operation (spec 7), one subfolder per sub-resource, each with its route
 * definitions (routes.ts) and handlers (handlers.ts): the cart itself (cart/: init, read, reset),
 * its lines and accessories (lines/), shippings, packings and 備考 (shippings/), coupon and points
 * (discounts/), payment (payment/: method, check, 3-D Secure return, failure), the decision and the
 * order by number (decision/), and the social gift (social-gift/). Services: services/carts (the cart's
 * operations) and services/checkout (the decision and the payment around it).
 */
import { createRouter } from '../../lib/router.ts';
import * as cartHandlers from './cart/handlers.ts';
import * as cart from './cart/routes.ts';
import * as decisionHandlers from './decision/handlers.ts';
import * as decision from './decision/routes.ts';
import * as discountHandlers from './discounts/handlers.ts';
import * as discounts from './discounts/routes.ts';
import * as lineHandlers from './lines/handlers.ts';
import * as lines from './lines/routes.ts';
import * as paymentHandlers from './payment/handlers.ts';
import * as payment from './payment/routes.ts';
import * as shippingHandlers from './shippings/handlers.ts';
import * as shippings from './shippings/routes.ts';
import * as giftHandlers from './social-gift/handlers.ts';
import * as gift from './social-gift/routes.ts';

// Registered one statement at a time: a chain's type grows with every operation, and past this
// many the app's route type is too complex for the compiler (TS2590).
export const cartRoutes = createRouter();
cartRoutes.openapi(cart.init, cartHandlers.init);
cartRoutes.openapi(cart.get, cartHandlers.get);
cartRoutes.openapi(cart.reset, cartHandlers.reset);
cartRoutes.openapi(lines.add, lineHandlers.add);
cartRoutes.openapi(lines.addSet, lineHandlers.addSet);
cartRoutes.openapi(lines.accessoryAdd, lineHandlers.accessoryAdd);
cartRoutes.openapi(lines.accessoryModify, lineHandlers.accessoryModify);
cartRoutes.openapi(lines.accessoryDelete, lineHandlers.accessoryDelete);
cartRoutes.openapi(lines.modify, lineHandlers.modify);
cartRoutes.openapi(lines.remove, lineHandlers.remove);
cartRoutes.openapi(lines.divide, lineHandlers.divide);
cartRoutes.openapi(shippings.shippingAdd, shippingHandlers.shippingAdd);
cartRoutes.openapi(shippings.shippingReset, shippingHandlers.shippingReset);
cartRoutes.openapi(shippings.shippingModify, shippingHandlers.shippingModify);
cartRoutes.openapi(shippings.packingAdd, shippingHandlers.packingAdd);
cartRoutes.openapi(shippings.packingModify, shippingHandlers.packingModify);
cartRoutes.openapi(shippings.otherModify, shippingHandlers.otherModify);
cartRoutes.openapi(discounts.couponAdd, discountHandlers.couponAdd);
cartRoutes.openapi(discounts.couponDelete, discountHandlers.couponDelete);
cartRoutes.openapi(discounts.point, discountHandlers.point);
cartRoutes.openapi(payment.orderModify, paymentHandlers.orderModify);
cartRoutes.openapi(payment.check, paymentHandlers.check);
cartRoutes.openapi(payment.threeDs, paymentHandlers.threeDs);
cartRoutes.openapi(payment.transactionErrorDelete, paymentHandlers.transactionErrorDelete);
cartRoutes.openapi(decision.decision, decisionHandlers.decision);
cartRoutes.openapi(decision.order, decisionHandlers.order);
cartRoutes.openapi(gift.receiver, giftHandlers.receiver);
