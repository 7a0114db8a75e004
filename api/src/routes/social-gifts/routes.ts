/**
 * Social gift route definitions (spec 7 "Social gift" and PATCH /v1/carts/social/receiver) and the
 * paper catalogue (GET /v1/catalog, POST /v1/catalog-orders). The receiver's calls take the link's
 * secret as `token`; none of them answers with the receiver's address.
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { cartSchema } from '#contracts/cart.ts';
import { catalogListSchema, catalogOrderRequestSchema, catalogOrderResponseSchema } from '#contracts/catalog-order.ts';
import {
  socialGiftAddressCheckSchema, socialGiftAddressSchema, socialGiftCompleteSchema, socialGiftDeliveryCheckRequestSchema,
  socialGiftDeliverySchema, socialGiftInputSchema, socialGiftLeadtimeQuerySchema, socialGiftLeadtimeSchema,
  socialGiftProductListSchema, socialGiftShippingSchema, socialGiftTokenParamSchema, socialReceiverRequestSchema,
} from '#contracts/social-gift.ts';

const tags = ['social-gift'];
const linkErrors = {
  404: errorResponse('Unknown link (code social_gift.not_found)'),
  410: errorResponse('The link is used (social_gift.received), expired (social_gift.expired) or its order cancelled (social_gift.cancelled)'),
  422: errorResponse('Invalid input'),
};
const params = { params: socialGiftTokenParamSchema };

export const receiver = createRoute({
  method: 'patch', path: '/carts/social/receiver', tags: ['cart', ...tags],
  summary: 'Buy the cart as a social gift (no address; 代金引換 not allowed), with the sender\'s name and message',
  request: { body: jsonBody(socialReceiverRequestSchema) },
  responses: {
    200: jsonResponse(cartSchema, 'The whole cart'),
    404: errorResponse('Unknown cart token'), 422: errorResponse('Invalid input or a cart rule'),
  },
});
export const products = createRoute({
  method: 'get', path: '/social-gifts/{token}/products', tags, summary: 'What the gift is (no prices)',
  request: params, responses: { 200: jsonResponse(socialGiftProductListSchema, 'The gift\'s products'), ...linkErrors },
});
export const shipping = createRoute({
  method: 'get', path: '/social-gifts/{token}/shipping', tags, summary: 'The gift\'s delivery slot, its sender and expiry (no address)',
  request: params, responses: { 200: jsonResponse(socialGiftShippingSchema, 'The gift'), ...linkErrors },
});
export const checkShipping = createRoute({
  method: 'post', path: '/social-gifts/check/shipping', tags, summary: 'Validate the receiver\'s address',
  request: { body: jsonBody(socialGiftAddressSchema) },
  responses: { 200: jsonResponse(socialGiftAddressCheckSchema, 'The address as it would be stored'), 422: linkErrors[422] },
});
export const checkDelivery = createRoute({
  method: 'post', path: '/social-gifts/check/delivery', tags, summary: 'Whether the delivery date and time slot can be chosen',
  request: { body: jsonBody(socialGiftDeliveryCheckRequestSchema) },
  responses: { 200: jsonResponse(socialGiftDeliverySchema, 'The delivery choice'), ...linkErrors },
});
export const leadtime = createRoute({
  method: 'get', path: '/shipping-leadtime/input/{token}', tags, summary: 'Delivery dates and time slots for the gift to a region (postal, pref)',
  request: { ...params, query: socialGiftLeadtimeQuerySchema },
  responses: { 200: jsonResponse(socialGiftLeadtimeSchema, 'The choices'), ...linkErrors },
});
export const receive = createRoute({
  method: 'put', path: '/social-gifts/{token}', tags, summary: 'Store the receiver\'s address and delivery choice (once)',
  request: { ...params, body: jsonBody(socialGiftInputSchema) },
  responses: { 200: jsonResponse(socialGiftCompleteSchema, 'Received'), ...linkErrors },
});
export const complete = createRoute({
  method: 'get', path: '/social-gifts/{token}/complete', tags, summary: 'The received gift\'s status and delivery choice (no address)',
  request: params,
  responses: { 200: jsonResponse(socialGiftCompleteSchema, 'Received'), 409: errorResponse('Not received yet (social_gift.waiting)'), ...linkErrors },
});
export const catalogs = createRoute({
  method: 'get', path: '/catalog', tags: ['content'], summary: 'The channel\'s paper catalogues',
  responses: { 200: jsonResponse(catalogListSchema, 'Catalogues') },
});
export const catalogOrder = createRoute({
  method: 'post', path: '/catalog-orders', tags: ['content'], summary: 'Order a paper catalogue to an address (mailed to the shop; rate limited)',
  request: { body: jsonBody(catalogOrderRequestSchema) },
  responses: {
    201: jsonResponse(catalogOrderResponseSchema, 'Accepted'), 422: linkErrors[422],
    429: errorResponse('Too many orders from this client or e-mail address (Retry-After)'),
  },
});
