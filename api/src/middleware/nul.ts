/**
 * PostgreSQL text cannot hold U+0000, and a NUL sent to it is a 500. A NUL anywhere in the path, the
 * query string or a JSON body is answered 422 here, before any database access, with `errors` keyed
 * by the query or body field that carried it.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { ApiError, validationFailed } from '../lib/errors.ts';
import { labelOf } from '#contracts/labels.ts';
import { messages } from '#contracts/messages.ts';

const NUL = '\u0000';
const JSON_TYPE = /^application\/([\w.-]+\+)?json/i;

/** Paths (`a.b.0`) of every string or key in `value` that holds a NUL. */
export function nulPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, i], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes(NUL)) out.push([...path, k]);
      else nulPaths(v, [...path, k], out);
    }
  }
  return out;
}

const toErrors = (paths: (string | number)[][]) => Object.fromEntries(
  paths.map((p) => [p.length ? p.join('.').replaceAll(NUL, '\\0') : '_', [messages.invalidCharacter(labelOf(p))]]),
);

export const rejectNul = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  if (rawPath.includes(NUL) || /%00/i.test(rawPath)) {
    throw new ApiError(422, 'URLに使用できない文字が含まれています。', { code: 'common.validation' });
  }
  if (queryAt >= 0) {
    const query = Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v] as const);
    const bad = nulPaths(Object.fromEntries(query));
    if (bad.length) throw validationFailed(toErrors(bad));
  }
  if (c.req.raw.body && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    // hono caches the parsed body, so the route's validator reads it again for free; a malformed
    // body is left for the validator to answer 400.
    const body: unknown = await c.req.json().catch(() => undefined);
    const bad = nulPaths(body);
    if (bad.length) throw validationFailed(toErrors(bad));
  }
  await next();
});
