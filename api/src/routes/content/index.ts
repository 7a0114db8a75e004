/** The CMS content group: makers/brands/stylists, blogs/news, pages, FAQ and notices. */
import { createRouter } from '../../lib/router.ts';
import { faqRoutes } from './faq.ts';
import { makerRoutes } from './makers.ts';
import { noticeRoutes } from './notices.ts';
import { pageRoutes } from './pages.ts';
import { postRoutes } from './posts.ts';

export const contentRoutes = createRouter()
  .route('/', makerRoutes)
  .route('/', postRoutes)
  .route('/', pageRoutes)
  .route('/', faqRoutes)
  .route('/', noticeRoutes);
