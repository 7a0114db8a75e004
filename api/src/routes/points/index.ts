/** Points (issue 8): the member's balance and point moves in my-page, /v1/me/points and /v1/me/point-histories. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const pointRoutes = createRouter()
  .openapi(routes.myPoints, handlers.myPoints)
  .openapi(routes.myPointHistories, handlers.myPointHistories);
