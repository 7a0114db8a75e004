/** Image handlers: the bytes with their type, an ETag (304 on a match) and immutable caching. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { type ImageAnswer, imageVariant } from '../../services/images/index.ts';
import type * as routes from './routes.ts';

/** A year: the id and the variant name the bytes for good. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function send(c: Context<AppEnv>, answer: ImageAnswer) {
  const headers: Record<string, string> = {
    'Content-Type': answer.contentType,
    'Cache-Control': IMAGE_CACHE_CONTROL,
    ETag: answer.etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (answer.negotiated) headers.Vary = 'Accept';
  const matches = c.req.header('if-none-match')?.split(/\s*,\s*/) ?? [];
  if (matches.includes(answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.bytes as Uint8Array<ArrayBuffer>, 200, headers);
}

export const master: AppRouteHandler<typeof routes.master> = async (c) =>
  send(c, await imageVariant(c.get('db'), c.get('env'), c.req.valid('param').id, null)) as never;

export const variant: AppRouteHandler<typeof routes.variantRoute> = async (c) => {
  const { id, variant: name } = c.req.valid('param');
  return send(c, await imageVariant(c.get('db'), c.get('env'), id, name, c.req.header('accept'))) as never;
};
