/** First-login e-mail verification: /v1/email-verify/request, /v1/email-verify/check. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const emailVerifyRoutes = createRouter().openapi(routes.request, handlers.request).openapi(routes.check, handlers.check);
