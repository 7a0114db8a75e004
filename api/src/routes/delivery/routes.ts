/**
 * Delivery route definitions: the business calendar (/v1/business-dates/…) and the lead times
 * (/v1/shipping-leadtime/…) of a cart's shipments and of a social gift's link.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  businessCalendarQuerySchema,
  businessCalendarSchema,
  cartLeadtimeParamSchema,
  cartLeadtimeQuerySchema,
  cartLeadtimesSchema,
} from '#contracts/delivery.ts';
import { socialGiftLeadtimeQuerySchema, socialGiftLeadtimeSchema, socialGiftTokenParamSchema } from '#contracts/social-gift.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { deliveryErrors as errors } from '../carts/shared.ts';
import { linkErrors } from '../social-gifts/link.ts';

export const calendar = createRoute({
  method: 'get',
  path: '/business-dates/monthly/calendar/front',
  tags: ['content'],
  summary: "The shop's business-day calendar by month (is_holiday: no shipping that day; name: the holiday or why closed)",
  request: { query: businessCalendarQuerySchema },
  responses: { 200: jsonResponse(businessCalendarSchema, 'The calendar'), 422: errorResponse('Invalid dates or range') },
});
export const leadtime = createRoute({
  method: 'get',
  path: '/shipping-leadtime/carts/{token}',
  tags: ['cart'],
  summary: 'Per shipping: the choosable delivery dates (choiceMode=date) or first and last (range), time slots, wrapping and のし choices',
  request: { params: cartLeadtimeParamSchema, query: cartLeadtimeQuerySchema },
  responses: { 200: jsonResponse(cartLeadtimesSchema, 'Lead times'), ...errors },
});
export const giftLeadtime = createRoute({
  method: 'get',
  path: '/shipping-leadtime/input/{token}',
  tags: ['social-gift'],
  summary: 'Delivery dates and time slots for the gift to a region (postal, pref)',
  request: { params: socialGiftTokenParamSchema, query: socialGiftLeadtimeQuerySchema },
  responses: { 200: jsonResponse(socialGiftLeadtimeSchema, 'The choices'), ...linkErrors },
});
