/**
 * The Shop API app factory, used by the server and by the tests (app.request()).
 * Each URL area is its own sub-app under routes/<area>/ (services/<area>/ holds its code), mounted under /v1.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import type { Db } from './db/client.ts';
import { type ApiEnv, readEnv } from './env.ts';
import { allowListOf } from './lib/allow-list.ts';
import { handleError } from './lib/errors.ts';
import { optionalAuth } from './middleware/auth.ts';
import { limitBody } from './middleware/body-limit.ts';
import { cacheControl } from './middleware/cache.ts';
import { channelMiddleware } from './middleware/channel.ts';
import { maintenanceGate } from './middleware/maintenance.ts';
import { metricsEndpoint } from './middleware/metrics-endpoint.ts';
import { notFoundHandler } from './middleware/not-found.ts';
import { rejectNul } from './middleware/nul.ts';
import { limitPublicWrites } from './middleware/public-writes.ts';
import { requestIdMiddleware } from './middleware/request-id.ts';
import { requestMetricsMiddleware } from './middleware/request-metrics.ts';
import { securityHeadersMiddleware } from './middleware/security-headers.ts';
import { createAdminApp } from './routes/admin/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { bookmarkRoutes } from './routes/bookmarks/index.ts';
import { cartRoutes } from './routes/carts/index.ts';
import { catalogOrderRoutes } from './routes/catalog-orders/index.ts';
import { categoryRoutes } from './routes/categories/index.ts';
import { contentRoutes } from './routes/content/index.ts';
import { couponRoutes } from './routes/coupons/index.ts';
import { deliveryRoutes } from './routes/delivery/index.ts';
import { ecommerceEventRoutes } from './routes/ecommerce-events/index.ts';
import { emailVerifyRoutes } from './routes/email-verify/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { apiChecks, createReadiness, type Readiness } from './routes/health/readiness.ts';
import { imageRoutes } from './routes/images/index.ts';
import { inquiryRoutes } from './routes/inquiries/index.ts';
import { likeRoutes } from './routes/likes/index.ts';
import { maintenanceRoutes } from './routes/maintenance/index.ts';
import { memorialRoutes } from './routes/memorials/index.ts';
import { orderRoutes } from './routes/orders/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { pointRoutes } from './routes/points/index.ts';
import { postalCodeRoutes } from './routes/postal-codes/index.ts';
import { productHistoryRoutes } from './routes/product-histories/index.ts';
import { productRequestRoutes } from './routes/product-requests/index.ts';
import { productSearchHistoryRoutes } from './routes/product-search-histories/index.ts';
import { productRoutes } from './routes/products/index.ts';
import { publicJsonRoute } from './routes/public-json/index.ts';
import { reminderRoutes } from './routes/reminder/index.ts';
import { schoolRoutes } from './routes/schools/index.ts';
import { settingsRoutes } from './routes/settings/index.ts';
import { sitemapRoutes } from './routes/sitemap/index.ts';
import { socialGiftRoutes } from './routes/social-gifts/index.ts';
import { systemMessageRoutes } from './routes/system-messages/index.ts';
import { timeseriesRoutes } from './routes/timeseries/index.ts';
import { uploadFileRoutes } from './routes/upload-files/index.ts';
import { userAddressRoutes } from './routes/user-addresses/index.ts';
import { userCardRoutes } from './routes/user-cards/index.ts';
import { userListRoutes } from './routes/user-lists/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { createMaintenanceSwitch } from './services/maintenance/switch.ts';

export interface AppOptions {
  db: Db;
  env?: ApiEnv;
  /** What GET /readyz reports (the server's, which shutdown turns off); else the API's own checks. */
  readiness?: Readiness;
}

export function createApp({ db, env = readEnv(), readiness }: AppOptions) {
  const v1 = new OpenAPIHono<AppEnv>();
  // One switch per app: the gate, GET /v1/maintenance and the editors' PUT share its cache.
  const maintenance = createMaintenanceSwitch({ db, envEnabled: env.MAINTENANCE });
  // Both apps: /public.json lives outside /v1 but reads the same database and settings.
  const provide = createMiddleware<AppEnv>(async (c, next) => {
    c.set('db', db);
    c.set('env', env);
    c.set('maintenance', maintenance);
    await next();
  });
  v1.use('*', provide);
  // Before anything that reads the database per request: in maintenance a call costs no query.
  v1.use('*', maintenanceGate(allowListOf(env.MAINTENANCE_ALLOW)));
  // Input guards first: an oversized body or a NUL byte never reaches a query (not even the channel's).
  v1.use('*', limitBody(env));
  // Writes without login: their body cap and per-client limit before the body is even parsed.
  v1.use('*', limitPublicWrites);
  v1.use('*', rejectNul);
  v1.use('*', cacheControl);
  v1.use('*', channelMiddleware);
  v1.use('*', optionalAuth);
  v1.route('/', maintenanceRoutes);
  v1.route('/', settingsRoutes);
  v1.route('/', productRoutes);
  v1.route('/', categoryRoutes);
  v1.route('/', contentRoutes);
  v1.route('/', authRoutes);
  v1.route('/', userRoutes);
  v1.route('/', emailVerifyRoutes);
  v1.route('/', reminderRoutes);
  v1.route('/', schoolRoutes);
  v1.route('/', userAddressRoutes);
  v1.route('/', postalCodeRoutes);
  v1.route('/', cartRoutes);
  v1.route('/', paymentRoutes);
  v1.route('/', orderRoutes);
  v1.route('/', productSearchHistoryRoutes);
  v1.route('/', likeRoutes);
  v1.route('/', productHistoryRoutes);
  v1.route('/', userListRoutes);
  v1.route('/', bookmarkRoutes);
  v1.route('/', productRequestRoutes);
  v1.route('/', ecommerceEventRoutes);
  v1.route('/', deliveryRoutes);
  v1.route('/', pointRoutes);
  v1.route('/', couponRoutes);
  v1.route('/', userCardRoutes);
  v1.route('/', socialGiftRoutes);
  v1.route('/', catalogOrderRoutes);
  v1.route('/', memorialRoutes);
  v1.route('/', systemMessageRoutes);
  v1.route('/', timeseriesRoutes);
  v1.route('/', sitemapRoutes);
  v1.route('/', inquiryRoutes);
  v1.route('/', uploadFileRoutes);
  v1.route('/', imageRoutes);
  // Paths are relative to the /v1 mount; `servers` says so, for clients generated from this document.
  v1.doc('/openapi.json', { openapi: '3.0.0', info: { title: 'Shop API', version: '1.0.0' }, servers: [{ url: '/v1' }] });
  v1.onError(handleError);

  const app = new OpenAPIHono<AppEnv>();
  // First: the request id is the context of everything after it, and the metrics time the whole answer.
  app.use('*', requestIdMiddleware);
  app.use('*', requestMetricsMiddleware);
  // GET /metrics with METRICS_TOKEN only (else a 404 like any unknown path).
  app.get('/metrics', metricsEndpoint);
  app.use('*', provide);
  app.use('*', securityHeadersMiddleware);
  // Probes first, outside /v1: no maintenance gate, channel or rate limit stands in their way.
  app.route('/', healthRoutes(readiness ?? createReadiness(apiChecks(db, env).checks)));
  app.route('/', publicJsonRoute);
  app.route('/v1', v1);
  // The editor API: its own accounts and sessions, never a member's (routes/admin).
  app.route('/admin/v1', createAdminApp(provide, env));
  // A mounted sub-app's notFound is not consulted: unknown /v1 paths (and /v1 itself) end up here.
  app.notFound(notFoundHandler(app));
  app.onError(handleError);
  return app;
}

export type ShopApp = ReturnType<typeof createApp>;
