/** The CMS content group, one sub-group per concern: makers/brands/stylists, posts, pages, FAQ, notices, content state. */
import { createRouter } from '../../lib/router.ts';
import { faqRoutes } from './faq/index.ts';
import { makerRoutes } from './makers/index.ts';
import { noticeRoutes } from './notices/index.ts';
import { pageRoutes } from './pages/index.ts';
import { postRoutes } from './posts/index.ts';
import { stateRoutes } from './state/index.ts';

export const contentRoutes = createRouter()
  .route('/', makerRoutes)
  .route('/', postRoutes)
  .route('/', pageRoutes)
  .route('/', faqRoutes)
  .route('/', noticeRoutes)
  .route('/', stateRoutes);
