/** GET /v1/products/{key}/recommend and /accessories. */
import { createRoute } from '@hono/zod-openapi';
import { productKeyParamSchema, productListSchema } from '#contracts/products.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';

export const recommend = createRoute({
  method: 'get',
  path: '/products/{key}/recommend',
  tags: ['products'],
  summary:
    '「この商品を見た人はこちらも見ています」: co-viewed and co-bought products, then popular ones of the same categories (at most 10)',
  request: { params: productKeyParamSchema },
  responses: { 200: jsonResponse(productListSchema, 'Recommended products, best first'), 404: errorResponse('Unknown key') },
});

export const accessories = createRoute({
  method: 'get',
  path: '/products/{key}/accessories',
  tags: ['products'],
  summary: "The product's accessories (cached per product key: public, short max-age, for guests)",
  request: { params: productKeyParamSchema },
  responses: { 200: jsonResponse(productListSchema, 'Accessory products'), 404: errorResponse('Unknown key') },
});
