/**
 * OpenAPI route-definition helpers shared by every route group's `routes.ts`, so the response and
 * body entries are written once, and the handler type every `handlers.ts` uses.
 */
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorBodySchema } from '#contracts/common.ts';
import type { AppEnv } from '../context.ts';

/** A response entry with a JSON body. */
export const jsonResponse = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true as const });

/** An error response entry (the ErrorBody shape: message, code, errors by field). */
export const errorResponse = (description: string) => jsonResponse(errorBodySchema, description);

/** The handler of route `R`: typed input from `c.req.valid(...)`, typed answer. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
