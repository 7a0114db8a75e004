/** Inquiry handler: parses, calls the service and answers 200 (prepare) or 201 (sent). */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { submitInquiry } from '../../services/inquiries/index.ts';
import { clientInfo } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const submit: AppRouteHandler<typeof routes.submit> = async (c) => {
  const { status, body } = await submitInquiry(
    c.get('db'),
    c.get('env'),
    c.get('channel'),
    c.get('user'),
    c.req.valid('json'),
    clientInfo(c),
  );
  return c.json(body, status);
};
