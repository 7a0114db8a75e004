/** Shapes shared by every resource group of the /v1 contract. */
import { z } from 'zod';

/** Every error body: `message`, optional machine `code`, optional field `errors` (spec section 8). */
export const errorBodySchema = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
}).meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Pagination read from the x-total / x-per-page / x-last-page / x-current-page headers. */
export const paginationSchema = z.object({
  total: z.number().int().nonnegative(),
  per: z.number().int().positive(),
  last: z.number().int().positive(),
  current: z.number().int().positive(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `page` and `per` query parameters; `per` may be a number or 'all' where the spec allows it. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  per: z.union([z.literal('all'), z.coerce.number().int().min(1).max(100)]).optional(),
});

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const keyParamSchema = z.object({ key: z.string().min(1).max(200) });

/** Header names of the contract. */
export const CHANNEL_HEADER = 'X-Channel-Id';
export const XHR_HEADER = 'X-Requested-With';
export const XHR_VALUE = 'XMLHttpRequest';
export const PAGINATION_HEADERS = { total: 'x-total', per: 'x-per-page', last: 'x-last-page', current: 'x-current-page' } as const;
export const LIMIT_HEADER = 'x-limit';

/** The API's message for an unknown channel; the storefront switches to the invalid-channel layout. */
export const CHANNEL_NOT_FOUND_MESSAGE = 'The channel does not exist.';
