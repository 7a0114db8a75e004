/** Inquiry route definitions: POST /v1/inquiries (spec 7 "Inquiries and uploads"; prepare and submit). */
import { createRoute } from '@hono/zod-openapi';
import { inquiryRequestSchema, inquiryResponseSchema } from '#contracts/inquiries.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';

export const submit = createRoute({
  method: 'post',
  path: '/inquiries',
  tags: ['inquiries'],
  summary:
    'The contact form: `prepare: true` only checks (200, the normalised values); otherwise stores and mails the shop and the sender (201, the inquiry number); rate limited',
  request: { body: jsonBody(inquiryRequestSchema) },
  responses: {
    200: jsonResponse(inquiryResponseSchema, 'Checked (prepare)'),
    201: jsonResponse(inquiryResponseSchema, 'Sent'),
    422: errorResponse('Invalid input, errors by field (extend.* for the business fields)'),
    429: errorResponse('Too many inquiries from this client or e-mail address (Retry-After)'),
  },
});
