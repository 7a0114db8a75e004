/**
 * Delivery route definitions: the business calendar (/v1/business-dates/…) and the lead times
 * (/v1/shipping-leadtime/…) of a cart's shipments and of a social gift's link.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import {
  businessCalendarQuerySchema, businessCalendarSchema, cartLeadtimeParamSchema, cartLeadtimeQuerySchema, cartLeadtimesSchema,
} from '#contracts/delivery.ts';
import { socialGiftLeadtimeQuerySchema, socialGiftLeadtimeSchema, socialGiftTokenParamSchema } from '#contracts/social-gift.ts';

const errors = {
  404: errorResponse('Unknown cart token, or a member\'s cart asked for without that member\'s token'),
  422: errorResponse('Invalid input or a cart rule (errors by field: shipping_id, delivery_date, packing_key, noshi_type, …)'),
};
const linkErrors = {
  404: errorResponse('Unknown link (code social_gift.not_found)'),
  410: errorResponse('The link is used (social_gift.received), expired (social_gift.expired) or its order cancelled (social_gift.cancelled)'),
  422: errorResponse('Invalid input'),
};

export const calendar = createRoute({
  method: 'get', path: '/business-dates/monthly/calendar/front', tags: ['content'],
  summary: 'The shop\'s business-day calendar by month (is_holiday: no shipping that day; name: the holiday or why closed)',
  request: { query: businessCalendarQuerySchema },
  responses: { 200: jsonResponse(businessCalendarSchema, 'The calendar'), 422: errorResponse('Invalid dates or range') },
});
export const leadtime = createRoute({
  method: 'get', path: '/shipping-leadtime/carts/{token}', tags: ['cart'],
  summary: 'Per shipping: the choosable delivery dates (choiceMode=date) or first and last (range), time slots, wrapping and のし choices',
  request: { params: cartLeadtimeParamSchema, query: cartLeadtimeQuerySchema },
  responses: { 200: jsonResponse(cartLeadtimesSchema, 'Lead times'), ...errors },
});
export const giftLeadtime = createRoute({
  method: 'get', path: '/shipping-leadtime/input/{token}', tags: ['social-gift'], summary: 'Delivery dates and time slots for the gift to a region (postal, pref)',
  request: { params: socialGiftTokenParamSchema, query: socialGiftLeadtimeQuerySchema },
  responses: { 200: jsonResponse(socialGiftLeadtimeSchema, 'The choices'), ...linkErrors },
});
