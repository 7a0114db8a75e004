/** Password and login-ID reminders: /v1/reminder/request, /check, /reset. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const reminderRoutes = createRouter()
  .openapi(routes.request, handlers.request)
  .openapi(routes.check, handlers.check)
  .openapi(routes.reset, handlers.reset);
