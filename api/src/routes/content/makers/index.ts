/** Makers, brands and stylists: /v1/makers…, /v1/brands, /v1/stylists…. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const makerRoutes = createRouter()
  .openapi(routes.listMakers, handlers.listMakers)
  .openapi(routes.getMaker, handlers.getMaker)
  .openapi(routes.listBrands, handlers.listBrands)
  .openapi(routes.listStylists, handlers.listStylists)
  .openapi(routes.getStylist, handlers.getStylist);
