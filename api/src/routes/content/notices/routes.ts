/** Route definitions of the small fetch-once content: messages, banners, popups, free areas, tags. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  bannerListQuerySchema,
  bannerSchema,
  contentListQuerySchema,
  freeAreaSchema,
  idOrKeyParamSchema,
  messageCodeParamSchema,
  messageSchema,
  popupSchema,
  tagSchema,
} from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const listMessages = createRoute({
  method: 'get',
  path: '/messages',
  tags: ['content'],
  summary: 'Shop-wide notices (per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(messageSchema), 'Messages'), 422: invalidResponse },
});
export const getMessage = createRoute({
  method: 'get',
  path: '/messages/{code}',
  tags: ['content'],
  summary: 'One notice by code',
  request: { params: messageCodeParamSchema },
  responses: { 200: jsonResponse(messageSchema, 'The message'), 404: notFoundResponse },
});
export const listBanners = createRoute({
  method: 'get',
  path: '/banners',
  tags: ['content'],
  summary: 'Banners, optionally of some areas (area[]=...) and only shown ones (is_show=1)',
  request: { query: bannerListQuerySchema },
  responses: { 200: jsonResponse(z.array(bannerSchema), 'Banners'), 422: invalidResponse },
});
export const listPopups = createRoute({
  method: 'get',
  path: '/popups',
  tags: ['content'],
  summary: 'Popups shown on the channel',
  responses: { 200: jsonResponse(z.array(popupSchema), 'Popups') },
});
export const getPopup = createRoute({
  method: 'get',
  path: '/popups/{id}',
  tags: ['content'],
  summary: 'One shown popup of the channel (hidden or other-channel ids are 404)',
  request: { params: idOrKeyParamSchema },
  responses: { 200: jsonResponse(popupSchema, 'The popup'), 404: notFoundResponse },
});
export const listFreeAreas = createRoute({
  method: 'get',
  path: '/free-areas',
  tags: ['content'],
  summary: 'Editor HTML blocks by code (per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(freeAreaSchema), 'Free areas'), 422: invalidResponse },
});
export const listTags = createRoute({
  method: 'get',
  path: '/tags',
  tags: ['content'],
  summary: 'Tags',
  responses: { 200: jsonResponse(z.array(tagSchema), 'Tags') },
});
