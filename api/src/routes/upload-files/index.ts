/** Uploaded files (issue 11). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const uploadFileRoutes = createRouter().openapi(routes.upload, handlers.upload).openapi(routes.download, handlers.download);
