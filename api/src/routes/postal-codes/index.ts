/** Postal codes: GET /v1/postal-code and GET /v1/postal-codes/prefectures (open to anyone). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const postalCodeRoutes = createRouter().openapi(routes.postal, handlers.postal).openapi(routes.prefectures, handlers.prefectures);
