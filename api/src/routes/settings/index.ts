/** Settings: GET /v1/settings/front and GET /v1/colorschemes/selected/front. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const settingsRoutes = createRouter().openapi(routes.front, handlers.front).openapi(routes.colorscheme, handlers.colorscheme);
