/** Banner download and file content handlers. */

import { SUGGESTED_FILENAME_HEADER } from '#contracts/content.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import * as files from '../../../services/content/files.ts';
import type * as routes from './routes.ts';

export const bannerDownload: AppRouteHandler<typeof routes.bannerDownload> = async (c) => {
  const { filename, mime, bytes } = await files.bannerDownload(c.get('db'), c.get('channel').id, c.req.valid('param').id);
  const encoded = encodeURIComponent(filename);
  // The name is Japanese: the header carries it URL-encoded (the storefront decodes it), and
  // Content-Disposition gives it to a plain link as RFC 6266 filename*. The exposed header lets a
  // storefront on another origin read it.
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': mime,
    'Content-Disposition': `attachment; filename="download"; filename*=UTF-8''${encoded}`,
    [SUGGESTED_FILENAME_HEADER]: encoded,
    'Access-Control-Expose-Headers': SUGGESTED_FILENAME_HEADER,
    'X-Content-Type-Options': 'nosniff',
  }) as never;
};
export const filesContents: AppRouteHandler<typeof routes.filesContents> = async (c) =>
  ok(c, await files.fileContents(c.get('db'), c.req.valid('query').url));
