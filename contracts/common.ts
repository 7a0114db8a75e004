/** Shapes shared by every resource group of the /v1 contract. */

import { dbId, keyText, pageParam, perOrAllParam, perParam } from './fields.ts';
import { z } from './zod.ts';

/**
 * Every error body: `message`, optional machine `code`, optional field `errors` (spec section 8), and
 * `request_id`, the answer's X-Request-Id (the log lines of that request carry it as req_id).
 */
export const errorBodySchema = z
  .object({
    message: z.string().optional(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });
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
export const pageQuerySchema = z.object({ page: pageParam().optional(), per: perOrAllParam().optional() });
export type PageQuery = z.input<typeof pageQuerySchema>;

/** `page` and `per` query parameters of a list that has no `per=all` (orders, histories). */
export const pagedQuerySchema = z.object({ page: pageParam().optional(), per: perParam().optional() });
export type PagedQuery = z.input<typeof pagedQuerySchema>;

/** `{id}` path parameter: a row id (int4), so 99999999999 is a 422 rather than a database error. */
export const idParamSchema = z.object({ id: dbId() });
export const keyParamSchema = z.object({ key: keyText(200) });

// Header names and fixed messages live in a zod-free module so browser code that needs only them
// (error classification, the header script's helpers) does not pull zod into its bundle.
export * from './constants.ts';
