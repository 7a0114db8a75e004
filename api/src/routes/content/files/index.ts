/** GET /v1/banners/{id}/download and GET /v1/files-contents. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const fileRoutes = createRouter()
  .openapi(routes.bannerDownload, handlers.bannerDownload)
  .openapi(routes.filesContents, handlers.filesContents);
