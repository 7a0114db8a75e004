/** Image pipeline routes: GET /v1/images/{id} (the master JPEG) and GET /v1/images/{id}/{variant} (`640.avif`, or `640` by Accept). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorResponse } from '../../lib/openapi.ts';

const id = z
  .string()
  .meta({ description: 'A source id: photo<version>-<kind>-<view>-<rrggbb>.jpg or an upload key in the products folder' });
const variant = z
  .string()
  .meta({ description: 'A served width (80–1200) and optionally .avif, .webp or .jpg; without one, the best format Accept names' });

const image = { content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } };

export const master = createRoute({
  method: 'get',
  path: '/images/{id}',
  tags: ['images'],
  summary: 'The master JPEG of a product image (1200 wide), immutable',
  request: { params: z.object({ id }) },
  responses: {
    200: { description: 'The image', ...image },
    304: { description: 'Not modified (If-None-Match)' },
    404: errorResponse('No such image'),
  },
});

export const variantRoute = createRoute({
  method: 'get',
  path: '/images/{id}/{variant}',
  tags: ['images'],
  summary: 'One variant of a product image: a served width as AVIF, WebP or JPEG, rendered on first request and cached, immutable',
  request: { params: z.object({ id, variant }) },
  responses: {
    200: { description: 'The image (Vary: Accept when the format was negotiated)', ...image },
    304: { description: 'Not modified (If-None-Match)' },
    404: errorResponse('No such image, width or format'),
  },
});
