/**
 * Payments: /v1/payments (the methods), /v1/payments/carts/{token} (those usable for a cart, through
 * services/checkout, the layer above carts and payments), the provider's callbacks
 * /v1/{provider}/receive/… and /v1/settings/payment-service/{code}: a payment method's public
 * settings, served here rather than with /settings/front (routes/settings) since they are the
 * method's and its provider's, read from services/payments.
 */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const paymentRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.forCart, handlers.forCart)
  .openapi(routes.settings, handlers.settings)
  .openapi(routes.fraudDetection, handlers.fraudDetection);
