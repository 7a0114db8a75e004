/** The contact form's calls (issue 11). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const inquiryRoutes = createRouter().openapi(routes.submit, handlers.submit);
