/**
 * Social gift route definitions (spec 7 "Social gift"): the receiver's calls, /v1/social-gifts/….
 * They take the link's secret as `token`; none of them answers with the receiver's address.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  socialGiftAddressCheckSchema,
  socialGiftAddressSchema,
  socialGiftCompleteSchema,
  socialGiftDeliveryCheckRequestSchema,
  socialGiftDeliverySchema,
  socialGiftInputSchema,
  socialGiftProductListSchema,
  socialGiftShippingSchema,
  socialGiftTokenParamSchema,
} from '#contracts/social-gift.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { linkErrors } from './link.ts';

const tags = ['social-gift'];
const params = { params: socialGiftTokenParamSchema };

export const products = createRoute({
  method: 'get',
  path: '/social-gifts/{token}/products',
  tags,
  summary: 'What the gift is (no prices)',
  request: params,
  responses: { 200: jsonResponse(socialGiftProductListSchema, "The gift's products"), ...linkErrors },
});
export const shipping = createRoute({
  method: 'get',
  path: '/social-gifts/{token}/shipping',
  tags,
  summary: "The gift's delivery slot, its sender and expiry (no address)",
  request: params,
  responses: { 200: jsonResponse(socialGiftShippingSchema, 'The gift'), ...linkErrors },
});
export const checkShipping = createRoute({
  method: 'post',
  path: '/social-gifts/check/shipping',
  tags,
  summary: "Validate the receiver's address",
  request: { body: jsonBody(socialGiftAddressSchema) },
  responses: { 200: jsonResponse(socialGiftAddressCheckSchema, 'The address as it would be stored'), 422: linkErrors[422] },
});
export const checkDelivery = createRoute({
  method: 'post',
  path: '/social-gifts/check/delivery',
  tags,
  summary: 'Whether the delivery date and time slot can be chosen',
  request: { body: jsonBody(socialGiftDeliveryCheckRequestSchema) },
  responses: { 200: jsonResponse(socialGiftDeliverySchema, 'The delivery choice'), ...linkErrors },
});
export const receive = createRoute({
  method: 'put',
  path: '/social-gifts/{token}',
  tags,
  summary: "Store the receiver's address and delivery choice (once)",
  request: { ...params, body: jsonBody(socialGiftInputSchema) },
  responses: { 200: jsonResponse(socialGiftCompleteSchema, 'Received'), ...linkErrors },
});
export const complete = createRoute({
  method: 'get',
  path: '/social-gifts/{token}/complete',
  tags,
  summary: "The received gift's status and delivery choice (no address)",
  request: params,
  responses: {
    200: jsonResponse(socialGiftCompleteSchema, 'Received'),
    409: errorResponse('Not received yet (social_gift.waiting)'),
    ...linkErrors,
  },
});
