/** Card and other provider payments: payment services, payment checks, saved cards, the provider's callbacks (issue 8). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const cardPaymentRoutes = createRouter()
  .openapi(routes.settings, handlers.settings)
  .openapi(routes.check, handlers.check)
  .openapi(routes.threeDs, handlers.threeDs)
  .openapi(routes.transactionErrorDelete, handlers.transactionErrorDelete)
  .openapi(routes.cardList, handlers.cardList)
  .openapi(routes.cardCreate, handlers.cardCreate)
  .openapi(routes.cardDelete, handlers.cardDelete)
  .openapi(routes.cardUse, handlers.cardUse)
  .openapi(routes.fraudDetection, handlers.fraudDetection);
