/** Blogs and news: /v1/blogs…, /v1/news…. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const postRoutes = createRouter()
  .openapi(routes.listBlogs, handlers.listBlogs)
  .openapi(routes.getBlog, handlers.getBlog)
  .openapi(routes.listNews, handlers.listNews)
  .openapi(routes.getNews, handlers.getNews);
