/** The content state (GET /v1/content-state). */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const stateRoutes = createRouter().openapi(routes.getContentState, handlers.getContentState);
