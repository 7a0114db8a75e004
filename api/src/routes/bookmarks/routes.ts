/** Bookmark route definitions: GET/POST /v1/me/bookmarks, GET/DELETE /v1/me/bookmarks/{id}. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import { bookmarkCreateSchema, bookmarkListSchema, bookmarkSchema, historyPageQuerySchema } from '#contracts/discovery.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));
const tags = ['bookmarks'];

export const list = createRoute({
  method: 'get',
  path: '/me/bookmarks',
  tags,
  summary: "The member's bookmarks, newest first",
  middleware: [requireAuth],
  request: { query: historyPageQuerySchema },
  responses: {
    200: { ...jsonResponse(bookmarkListSchema, 'One page of bookmarks'), headers: pageHeaders },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});

export const create = createRoute({
  method: 'post',
  path: '/me/bookmarks',
  tags,
  summary: 'Bookmark a page (same URL again: its title is updated)',
  middleware: [requireAuth],
  request: { body: jsonBody(bookmarkCreateSchema) },
  responses: {
    201: jsonResponse(bookmarkSchema, 'Created'),
    200: jsonResponse(bookmarkSchema, 'Already bookmarked (title updated)'),
    401: unauthorized,
    422: errorResponse('Invalid URL or title'),
  },
});

export const detail = createRoute({
  method: 'get',
  path: '/me/bookmarks/{id}',
  tags,
  summary: 'One bookmark',
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(bookmarkSchema, 'The bookmark'), 401: unauthorized, 404: errorResponse("Not the member's bookmark") },
});

export const remove = createRoute({
  method: 'delete',
  path: '/me/bookmarks/{id}',
  tags,
  summary: 'Delete a bookmark',
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: errorResponse("Not the member's bookmark") },
});
