/** Messages, banners, popups, free areas and tags. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const noticeRoutes = createRouter()
  .openapi(routes.listMessages, handlers.listMessages)
  .openapi(routes.getMessage, handlers.getMessage)
  .openapi(routes.listBanners, handlers.listBanners)
  .openapi(routes.listPopups, handlers.listPopups)
  .openapi(routes.getPopup, handlers.getPopup)
  .openapi(routes.listFreeAreas, handlers.listFreeAreas)
  .openapi(routes.listTags, handlers.listTags);
