/** What the calls keyed by a gift link's secret share (routes/social-gifts and the gift's lead times in routes/delivery). */
import type { Context } from 'hono';
import { errorResponse } from '../../lib/openapi.ts';

/** The errors of a call on a gift link. */
export const linkErrors = {
  404: errorResponse('Unknown link (code social_gift.not_found)'),
  410: errorResponse(
    'The link is used (social_gift.received), expired (social_gift.expired) or its order cancelled (social_gift.cancelled)',
  ),
  422: errorResponse('Invalid input'),
};

/**
 * The receiver's reads are keyed by the link's secret and change when the gift is received: never
 * kept by a browser or a shared cache (a used link must say so at once, and no cache holds the secret).
 */
export const secretRead = <C extends Context>(c: C) => {
  c.header('Cache-Control', 'private, no-store');
  return c;
};
