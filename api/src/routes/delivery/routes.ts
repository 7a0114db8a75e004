/** Delivery route definitions: the business calendar, lead times per shipment, and the cart's delivery operations. */
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { cartSchema } from '#contracts/cart.ts';
import {
  businessCalendarQuerySchema, businessCalendarSchema, cartDivideRequestSchema, cartLeadtimeParamSchema, cartLeadtimeQuerySchema,
  cartLeadtimesSchema, cartOtherModifyRequestSchema, cartPackingAddRequestSchema, cartPackingModifyRequestSchema,
  cartShippingModifyRequestSchema,
} from '#contracts/delivery.ts';

const cartOk = jsonResponse(cartSchema, 'The whole cart');
const errors = {
  404: errorResponse('Unknown cart token, or a member\'s cart asked for without that member\'s token'),
  422: errorResponse('Invalid input or a cart rule (errors by field: shipping_id, delivery_date, packing_key, noshi_type, …)'),
};
const tags = ['cart'];

const patch = <T extends z.ZodType>(path: string, summary: string, schema: T) => createRoute({
  method: 'patch', path, tags, summary, request: { body: jsonBody(schema) }, responses: { 200: cartOk, ...errors },
});

export const calendar = createRoute({
  method: 'get', path: '/business-dates/monthly/calendar/front', tags: ['content'],
  summary: 'The shop\'s business-day calendar by month (is_holiday: no shipping that day; name: the holiday or why closed)',
  request: { query: businessCalendarQuerySchema },
  responses: { 200: jsonResponse(businessCalendarSchema, 'The calendar'), 422: errorResponse('Invalid dates or range') },
});
export const leadtime = createRoute({
  method: 'get', path: '/shipping-leadtime/carts/{token}', tags,
  summary: 'Per shipping: the choosable delivery dates (choiceMode=date) or first and last (range), time slots, wrapping and のし choices',
  request: { params: cartLeadtimeParamSchema, query: cartLeadtimeQuerySchema },
  responses: { 200: jsonResponse(cartLeadtimesSchema, 'Lead times'), ...errors },
});
export const shippingModify = patch('/carts/shippings/modify', 'Change one shipping\'s address, delivery date or time slot', cartShippingModifyRequestSchema);
export const divide = patch('/carts/products/divide', 'Move some (or all) of a line to another shipping', cartDivideRequestSchema);
export const packingAdd = patch('/carts/packings/add', 'Set a shipping\'s wrapping and のし', cartPackingAddRequestSchema);
export const packingModify = patch('/carts/packings/modify', 'Change a shipping\'s wrapping or のし (fields given only)', cartPackingModifyRequestSchema);
export const otherModify = patch('/carts/other/modify', 'Set the 備考 (at most 500 characters)', cartOtherModifyRequestSchema);
