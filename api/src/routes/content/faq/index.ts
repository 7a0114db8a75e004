/** FAQ: GET /v1/qas and GET /v1/qa-categories, per channel. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const faqRoutes = createRouter()
  .openapi(routes.listQas, handlers.listQas)
  .openapi(routes.listQaCategories, handlers.listQaCategories);
