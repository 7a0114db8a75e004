/** The content state (GET /v1/content-state) and its revision index (GET /v1/content-state/items). */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const stateRoutes = createRouter()
  .openapi(routes.getContentState, handlers.getContentState)
  .openapi(routes.getContentItems, handlers.getContentItems);
