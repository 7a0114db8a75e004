/** The image pipeline (issue 25 item 3): product images as AVIF, WebP and JPEG variants. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const imageRoutes = createRouter().openapi(routes.master, handlers.master).openapi(routes.variantRoute, handlers.variant);
