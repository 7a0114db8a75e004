/**
 * Unknown paths and wrong methods answer Japanese JSON like every other error: 405 with `Allow` when
 * the path exists for other methods, 404 「お探しのページが見つかりませんでした。」 otherwise.
 */
import type { Context, Hono } from 'hono';
import { errorResponse, httpError } from '../lib/errors.ts';

interface RouteLike {
  path: string;
  method: string;
}

const toPattern = (path: string) => new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);

/** A notFound handler for `app`; the route table is read on first use, once every route is mounted. */
export function notFoundHandler(app: Pick<Hono, 'routes'>) {
  let table: { pattern: RegExp; method: string }[] | undefined;
  return (c: Context) => {
    table ??= (app.routes as RouteLike[])
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => ({ pattern: toPattern(r.path), method: r.method }));
    const allowed = [...new Set(table.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method))];
    if (allowed.length) {
      c.header('Allow', allowed.includes('GET') ? [...allowed, 'HEAD'].join(', ') : allowed.join(', '));
      return errorResponse(c, httpError(405));
    }
    return errorResponse(c, httpError(404));
  };
}
