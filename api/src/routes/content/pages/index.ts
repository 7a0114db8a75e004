/** Static pages (/v1/static-pages/…) and landing pages (/v1/lp…). */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

const router = createRouter();
router.openAPIRegistry.registerPath(routes.getByUrl);

export const pageRoutes = router
  .openapi(routes.listUrls, handlers.listUrls)
  .openapi(routes.listLp, handlers.listLp)
  .openapi(routes.getLp, handlers.getLp);

// Registered after the OpenAPI routes: a plain hono route, since the page path spans several segments.
pageRoutes.get('/static-pages/url/:path{.+}', handlers.getByUrl);
