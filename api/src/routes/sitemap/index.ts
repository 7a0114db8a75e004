/** The sitemap's data: product keys in sitemap-sized pages. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const sitemapRoutes = createRouter().openapi(routes.products, handlers.products);
