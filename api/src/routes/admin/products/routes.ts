/**
 * Route definitions of stock and prices (/admin/v1/products…; contracts/admin-products.ts). Fixed
 * paths (export.csv, import, makers) are registered before /products/{id} (index.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { adminIdParamSchema } from '#contracts/admin.ts';
import {
  adminMakerListSchema,
  adminProductModelSchema,
  adminProductQuerySchema,
  adminProductSchema,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  productImagesPutSchema,
  productImagesResultSchema,
  productImportQuerySchema,
  productImportResultSchema,
  productPatchResultSchema,
  productPatchSchema,
} from '#contracts/admin-products.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity as security } from '../area.ts';

const tags = ['admin'];
const common = {
  401: errorResponse('No live session (auth.unauthenticated)'),
  403: errorResponse('The role does not open stock and prices (auth.forbidden): staff and admin only'),
};
const paging = z.object({ 'x-total': z.string(), 'x-per-page': z.string(), 'x-last-page': z.string(), 'x-current-page': z.string() });

export const listRoute = createRoute({
  method: 'get',
  path: '/products',
  tags,
  security,
  request: { query: adminProductQuerySchema },
  summary: 'Searches every variant (published or not) by words or code, maker, stock level and selling state; 50 a page in code order',
  responses: {
    200: { ...jsonResponse(z.array(adminProductSchema), 'One page, with the pagination headers'), headers: paging },
    ...common,
    422: errorResponse('A bad filter or page (common.validation)'),
  },
});

export const exportRoute = createRoute({
  method: 'get',
  path: '/products/export.csv',
  tags,
  security,
  request: { query: adminProductQuerySchema.omit({ page: true }) },
  summary: "The filtered list as a CSV file in the import's columns (UTF-8 with BOM), at most 20,000 rows",
  responses: {
    200: { description: 'The file (Content-Disposition: attachment)', content: { 'text/csv': { schema: z.string() } } },
    ...common,
    422: errorResponse('A bad filter, or more rows than an import takes (stock_export.too_many)'),
  },
});

export const makersRoute = createRoute({
  method: 'get',
  path: '/products/makers',
  tags,
  security,
  summary: "The makers, for the search's maker choice",
  responses: { 200: jsonResponse(adminMakerListSchema, 'Every maker in display order'), ...common },
});

export const importRoute = createRoute({
  method: 'post',
  path: '/products/import',
  tags,
  security,
  summary:
    'Imports stock, price, 通常価格 and selling state from a CSV file (UTF-8 or Shift_JIS); dry_run=1 (default) only lists the changes and errors',
  // A plain OpenAPI schema, not zod: the handler reads the bytes itself (no JSON parsing, no 415).
  request: {
    query: productImportQuerySchema,
    body: {
      required: true,
      content: {
        'text/csv': {
          schema: {
            type: 'string',
            format: 'binary',
            description: `The CSV file's bytes, at most ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB and 20,000 rows`,
          },
        },
      },
    },
  },
  responses: {
    200: jsonResponse(productImportResultSchema, 'The change list (dry run: errors by line included) or what was applied'),
    ...common,
    409: errorResponse(
      'The file or a named product changed since the dry run whose basis was sent (stock_import.changed); nothing applied',
    ),
    413: errorResponse("Larger than the import's cap (common.payload_too_large)"),
    422: errorResponse(
      'Unreadable file (stock_import.file, errors.file), or a real run with errors by line (stock_import.invalid, line_{n}); nothing applied',
    ),
  },
});

export const getRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags,
  security,
  request: { params: adminIdParamSchema },
  summary: "The product's model with all its variants (the product alone without a model)",
  responses: {
    200: jsonResponse(adminProductModelSchema, 'The model and its variants in code order'),
    ...common,
    404: errorResponse('No such product'),
  },
});

export const patchRoute = createRoute({
  method: 'patch',
  path: '/products/{id}',
  tags,
  security,
  request: { params: adminIdParamSchema, body: jsonBody(productPatchSchema) },
  summary:
    "Changes one variant's stock (with the stock the form showed), price, 通常価格 and selling state; stock back from 0 mails the restock requests",
  responses: {
    200: jsonResponse(productPatchResultSchema, 'The variant afterwards, the changes and the restock mails queued'),
    ...common,
    404: errorResponse('No such product'),
    409: errorResponse('The stock changed since the form showed it (stock.conflict); nothing written'),
    422: errorResponse('Validation failed by field (common.validation), e.g. 通常価格 not above 販売価格'),
  },
});

const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export const addImageRoute = createRoute({
  method: 'post',
  path: '/products/{id}/images',
  tags,
  security,
  summary: `Adds one photograph to the variant (at most ${PRODUCT_IMAGES_MAX}); served by /v1/images/{key} in AVIF, WebP and JPEG`,
  // The image's bytes as they are (the handler reads them; the type is read from the bytes, not the header).
  request: {
    params: adminIdParamSchema,
    query: z.object({ name: z.string().max(200).optional() }),
    body: {
      required: true,
      content: Object.fromEntries(imageTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    },
  },
  responses: {
    201: jsonResponse(productImagesResultSchema, 'The variant with its photographs'),
    ...common,
    404: errorResponse('No such product'),
    413: errorResponse('Larger than UPLOAD_MAX_BYTES (common.payload_too_large)'),
    422: errorResponse('Not an image that decodes, or the variant has its most photographs already (errors.file)'),
    503: errorResponse('The file storage failed; nothing kept'),
  },
});

export const putImagesRoute = createRoute({
  method: 'put',
  path: '/products/{id}/images',
  tags,
  security,
  request: { params: adminIdParamSchema, body: jsonBody(productImagesPutSchema) },
  summary: "Orders the variant's photographs (the first is the main image) and removes those left out",
  responses: {
    200: jsonResponse(productImagesResultSchema, 'The variant with its photographs'),
    ...common,
    404: errorResponse('No such product'),
    422: errorResponse('A photograph the variant does not have, or one named twice (errors.images)'),
  },
});
