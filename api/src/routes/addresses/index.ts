/** Address book: /v1/me/user-addresses… and the postal-code lookup. */
import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { postal_codes } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { requireAuth } from '../../middleware/auth.ts';
import {
  createAddress, deleteAddress, findAddress, listAddresses, serializeAddress, updateAddress, useAddress,
} from '../../services/addresses.ts';
import {
  ADDRESS_LIMIT, addressInputSchema, addressListSchema, addressSchema, postalCodeQuerySchema, postalCodeResultSchema,
} from '#contracts/addresses.ts';
import { errorBodySchema, idParamSchema, LIMIT_HEADER } from '#contracts/common.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const body = { content: { 'application/json': { schema: addressInputSchema } }, required: true };
const errors = { 401: json(errorBodySchema, 'Not signed in'), 404: json(errorBodySchema, 'Not the member\'s address'), 422: json(errorBodySchema, 'Invalid input') };
const auth = { tags: ['addresses'], middleware: [requireAuth] };

const list = createRoute({
  method: 'get', path: '/me/user-addresses', ...auth, summary: 'The address book (x-limit: maximum entries)',
  responses: { 200: { ...json(addressListSchema, 'Addresses, default first'), headers: z.object({ [LIMIT_HEADER]: z.string() }) }, 401: errors[401] },
});
const getOne = createRoute({
  method: 'get', path: '/me/user-addresses/{id}', ...auth, summary: 'One address',
  request: { params: idParamSchema }, responses: { 200: json(addressSchema, 'The address'), ...errors },
});
const create = createRoute({
  method: 'post', path: '/me/user-addresses', ...auth, summary: 'Add an address',
  request: { body }, responses: { 201: json(addressSchema, 'Created'), ...errors },
});
const update = createRoute({
  method: 'put', path: '/me/user-addresses/{id}', ...auth, summary: 'Update an address',
  request: { params: idParamSchema, body }, responses: { 200: json(addressSchema, 'Updated'), ...errors },
});
const remove = createRoute({
  method: 'delete', path: '/me/user-addresses/{id}', ...auth, summary: 'Delete an address',
  request: { params: idParamSchema }, responses: { 204: { description: 'Deleted' }, ...errors },
});
const use = createRoute({
  method: 'patch', path: '/me/user-addresses/{id}/use', ...auth, summary: 'Make an address the default',
  request: { params: idParamSchema }, responses: { 200: json(addressSchema, 'Now the default'), ...errors },
});
const postal = createRoute({
  method: 'get', path: '/postal-code', tags: ['addresses'], summary: 'Address parts for a postal code',
  request: { query: postalCodeQuerySchema },
  responses: { 200: json(postalCodeResultSchema, 'Found'), 404: json(errorBodySchema, 'Unknown code'), 422: errors[422] },
});

export const addressRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listAddresses(c.get('db'), c.get('user')!.id);
    c.header(LIMIT_HEADER, String(ADDRESS_LIMIT));
    return c.json(rows.map(serializeAddress), 200);
  })
  .openapi(getOne, async (c) => {
    const row = await findAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
    if (!row) throw notFound('お届け先');
    return c.json(serializeAddress(row), 200);
  })
  .openapi(create, async (c) => {
    const row = await createAddress(c.get('db'), c.get('user')!.id, c.req.valid('json'));
    return c.json(serializeAddress(row), 201);
  })
  .openapi(update, async (c) => {
    const row = await updateAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(serializeAddress(row), 200);
  })
  .openapi(remove, async (c) => {
    await deleteAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(use, async (c) => {
    const row = await useAddress(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
    return c.json(serializeAddress(row), 200);
  })
  .openapi(postal, async (c) => {
    const code = c.req.valid('query').code.replace('-', '');
    const [row] = await c.get('db').select().from(postal_codes).where(eq(postal_codes.code, code)).limit(1);
    if (!row) throw notFound('郵便番号');
    return c.json({ postal_code: row.code, prefecture: row.prefecture, city: row.city, town: row.town }, 200);
  });
