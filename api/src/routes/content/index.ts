/**
 * The CMS content group, one sub-group per concern: makers/brands/stylists, news read marks, posts,
 * pages, FAQ, notices, content state, layouts and collections, files (banner downloads, file contents).
 * The read-only URL areas it serves: makers, brands, stylists, blogs, news, static-pages, lp, qas,
 * qa-categories, messages, banners, popups, free-areas, tags, content-state, layouts, pages (front
 * layouts), collections, files-contents; the code is in services/content/ (one file per sub-group).
 */
import { createRouter } from '../../lib/router.ts';
import { faqRoutes } from './faq/index.ts';
import { fileRoutes } from './files/index.ts';
import { layoutRoutes } from './layouts/index.ts';
import { makerRoutes } from './makers/index.ts';
import { noticeRoutes } from './notices/index.ts';
import { pageRoutes } from './pages/index.ts';
import { postRoutes } from './posts/index.ts';
import { readableRoutes } from './readables/index.ts';
import { stateRoutes } from './state/index.ts';

export const contentRoutes = createRouter()
  .route('/', makerRoutes)
  .route('/', readableRoutes)
  .route('/', postRoutes)
  .route('/', pageRoutes)
  .route('/', faqRoutes)
  .route('/', noticeRoutes)
  .route('/', stateRoutes)
  .route('/', layoutRoutes)
  .route('/', fileRoutes);
