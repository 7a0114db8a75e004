/** Saved cards: /v1/me/user-cards (list, save from a provider token, delete, make main). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userCardRoutes = createRouter()
  .openapi(routes.cardList, handlers.cardList)
  .openapi(routes.cardCreate, handlers.cardCreate)
  .openapi(routes.cardDelete, handlers.cardDelete)
  .openapi(routes.cardUse, handlers.cardUse);
