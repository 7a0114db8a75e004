/** The type every area of the admin API registers its routes on (routes/admin/<area>/index.ts). */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AdminEnv } from './middleware.ts';

export type AdminApp = OpenAPIHono<AdminEnv>;

/** The OpenAPI security requirement of every call but the login. */
export const adminSecurity = [{ editorBearer: [] }];
