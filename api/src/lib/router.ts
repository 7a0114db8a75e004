/**
 * Every sub-app is an OpenAPIHono router so that its operations appear in GET /v1/openapi.json and
 * every body, query and path parameter is validated by the zod schemas in contracts/.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { type ZodError, z } from 'zod';
import { issuesToErrors, japaneseIssue } from '#contracts/issues.ts';
import type { AppEnv } from '../context.ts';
import { validationFailed } from './errors.ts';

// Every schema the API validates with, including small inline ones in routes, answers in Japanese
// with the field's name (contracts/labels.ts); the contract fields carry the same map themselves.
z.config({ customError: (issue) => japaneseIssue(issue) });

export { issuesToErrors };

/** A router whose validation failures are the 422 body of the spec: message, code, errors by field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(issuesToErrors(result.error as ZodError));
    },
  });
}
