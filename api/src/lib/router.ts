/**
 * Every sub-app is an OpenAPIHono router so that its operations appear in GET /v1/openapi.json and
 * every body, query and path parameter is validated by the zod schemas in contracts/.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { z, type ZodError } from 'zod';
import type { AppEnv } from '../context.ts';

// Validation messages in Japanese: the shop is Japanese only, and API errors may be shown as-is.
z.config(z.locales.ja());

/** Turns zod issues into the `errors` body (field → messages), Laravel-style, as the client expects. */
export function issuesToErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ message: '入力内容に誤りがあります。', code: 'common.validation', errors: issuesToErrors(result.error as ZodError) }, 422);
      }
    },
  });
}
