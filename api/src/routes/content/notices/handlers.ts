/** Handlers of messages, banners, popups, free areas and tags. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok, paged } from '../../../lib/respond.ts';
import * as notices from '../../../services/content/notices.ts';
import type * as routes from './routes.ts';

export const listMessages: AppRouteHandler<typeof routes.listMessages> = async (c) =>
  paged(c, await notices.listMessages(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const getMessage: AppRouteHandler<typeof routes.getMessage> = async (c) =>
  ok(c, await notices.getMessage(c.get('db'), c.get('channel').id, c.req.valid('param').code));
export const listBanners: AppRouteHandler<typeof routes.listBanners> = async (c) =>
  ok(c, await notices.listBanners(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const listPopups: AppRouteHandler<typeof routes.listPopups> = async (c) =>
  ok(c, await notices.listPopups(c.get('db'), c.get('channel').id));
export const getPopup: AppRouteHandler<typeof routes.getPopup> = async (c) =>
  ok(c, await notices.getPopup(c.get('db'), c.get('channel').id, c.req.valid('param').id));
export const listFreeAreas: AppRouteHandler<typeof routes.listFreeAreas> = async (c) =>
  paged(c, await notices.listFreeAreas(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const listTags: AppRouteHandler<typeof routes.listTags> = async (c) => ok(c, await notices.listTags(c.get('db')));
