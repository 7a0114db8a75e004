/** The error entries of the payment operations' route definitions (routes/payments, user-cards, carts/payment). */
import { errorResponse } from '../../lib/openapi.ts';

export const e401 = errorResponse('Not signed in');
export const e404 = errorResponse('Unknown cart, method, card or transaction');
export const e422 = errorResponse('Invalid input or a payment rule (code: cart.payment.declined, cart.payment.3ds_failed, …)');
