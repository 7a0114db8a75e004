/** User-list route definitions (spec 7 "User lists, bookmarks, points"). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { keyParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import {
  listedProductSchema,
  userListAttachSchema,
  userListDetachSchema,
  userListInputSchema,
  userListQuerySchema,
  userListSchema,
  userListsSchema,
} from '#contracts/discovery.ts';
import { productListSchema } from '#contracts/products.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));
const tags = ['user-lists'];

export const list = createRoute({
  method: 'get',
  path: '/me/user-lists',
  tags,
  summary: "The member's lists (the default 「お気に入りリスト」 created on first use)",
  middleware: [requireAuth],
  responses: { 200: jsonResponse(userListsSchema, 'Lists with their item counts'), 401: unauthorized },
});

export const detail = createRoute({
  method: 'get',
  path: '/me/user-lists/{key}',
  tags,
  middleware: [requireAuth],
  summary: 'One list; with is_listables=1 its products instead, paged (pagination headers)',
  request: { params: keyParamSchema, query: userListQuerySchema },
  responses: {
    200: {
      ...jsonResponse(z.union([userListSchema, productListSchema]), 'The list, or one page of its products with is_listables=1'),
      headers: pageHeaders.partial(),
    },
    401: unauthorized,
    404: errorResponse("Not the member's list"),
    422: errorResponse('Bad query'),
  },
});

export const attach = createRoute({
  method: 'patch',
  path: '/me/user-lists/attach',
  tags,
  middleware: [requireAuth],
  summary: "Put products into the list `key` (default: the member's default list); idempotent",
  request: { body: jsonBody(userListAttachSchema) },
  responses: {
    200: jsonResponse(userListSchema, 'The list they are in'),
    401: unauthorized,
    404: errorResponse('Unknown product or list'),
    422: errorResponse('Invalid body'),
  },
});

export const detach = createRoute({
  method: 'patch',
  path: '/me/user-lists/detach',
  tags,
  middleware: [requireAuth],
  summary: 'Take products out of every list of the member; answers the updated products (is_listed false)',
  request: { body: jsonBody(userListDetachSchema) },
  responses: {
    200: jsonResponse(z.array(listedProductSchema), 'The updated products, in the order given'),
    401: unauthorized,
    404: errorResponse('Unknown products'),
    422: errorResponse('Invalid body'),
  },
});

export const detachFrom = createRoute({
  method: 'patch',
  path: '/me/user-lists/{key}/detach',
  tags,
  middleware: [requireAuth],
  summary: 'Take products out of one list',
  request: { params: keyParamSchema, body: jsonBody(userListDetachSchema) },
  responses: {
    200: jsonResponse(userListSchema, 'The list'),
    401: unauthorized,
    404: errorResponse("Not the member's list"),
    422: errorResponse('Invalid body'),
  },
});

export const create = createRoute({
  method: 'post',
  path: '/me/user-lists',
  tags,
  middleware: [requireAuth],
  summary: 'A new empty list (422 user_list.limit at the limit, user_list.duplicate on a name the member already uses)',
  request: { body: jsonBody(userListInputSchema) },
  responses: {
    201: jsonResponse(userListSchema, 'The new list'),
    401: unauthorized,
    422: errorResponse('Invalid name, duplicate name or too many lists'),
  },
});

export const rename = createRoute({
  method: 'patch',
  path: '/me/user-lists/{key}',
  tags,
  middleware: [requireAuth],
  summary: 'Rename a list (the default list too)',
  request: { params: keyParamSchema, body: jsonBody(userListInputSchema) },
  responses: {
    200: jsonResponse(userListSchema, 'The list'),
    401: unauthorized,
    404: errorResponse("Not the member's list"),
    422: errorResponse('Invalid or duplicate name'),
  },
});

export const remove = createRoute({
  method: 'delete',
  path: '/me/user-lists/{key}',
  tags,
  middleware: [requireAuth],
  summary: 'Delete a list and its items (the default list cannot be deleted: 422 user_list.default)',
  request: { params: keyParamSchema },
  responses: {
    204: { description: 'Deleted' },
    401: unauthorized,
    404: errorResponse("Not the member's list"),
    422: errorResponse('The default list'),
  },
});
