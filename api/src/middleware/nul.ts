/**
 * Characters no text field may hold, refused before any database access:
 * - NUL (U+0000): PostgreSQL text cannot hold it, and a NUL sent to it is a 500;
 * - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C): they make a
 *   name, address or message display other than it reads ("Trojan Source"), in mails and screens.
 * Either anywhere in the path, the query string or a JSON body is answered 422 here, with `errors`
 * keyed by the query or body field that carried it. A JSON body nested deeper than MAX_JSON_DEPTH
 * is answered 400 like any other malformed JSON: no call takes one, and walking it (here, in zod or
 * in JSON.stringify) recursively would overflow the stack (a 500).
 */
import { createMiddleware } from 'hono/factory';
import { labelOf } from '#contracts/labels.ts';
import { messages } from '#contracts/messages.ts';
import type { AppEnv } from '../context.ts';
import { ApiError, httpError, validationFailed } from '../lib/errors.ts';

/** NUL and the Unicode bidirectional formatting characters. */
export const FORBIDDEN_CHARACTERS = /[\u0000\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN_CHARACTERS.source, 'g');
/** Deepest nesting of objects and arrays a JSON body may have (the deepest call needs about 5). */
export const MAX_JSON_DEPTH = 32;
const JSON_TYPE = /^application\/([\w.-]+\+)?json/i;

type Path = (string | number)[];

/** Too deep to walk: answered 400 like malformed JSON. */
export class TooDeepError extends Error {}

/**
 * Paths (`a.b.0`) of every string or key in `value` that holds a forbidden character. Walks with its
 * own stack, never recursion; throws TooDeepError past `maxDepth` levels of objects and arrays.
 */
export function forbiddenPaths(value: unknown, maxDepth = MAX_JSON_DEPTH): Path[] {
  const out: Path[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN_CHARACTERS.test(v)) out.push(path);
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (path.length >= maxDepth) throw new TooDeepError();
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    // Pushed in reverse so the paths come out in document order.
    for (const [k, x] of entries.reverse()) {
      if (typeof k === 'string' && FORBIDDEN_CHARACTERS.test(k)) out.push([...path, k]);
      else stack.push({ value: x, path: [...path, k] });
    }
  }
  return out;
}

const escapeKey = (key: string) => key.replace(FORBIDDEN_ALL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

const toErrors = (paths: Path[]) =>
  Object.fromEntries(paths.map((p) => [p.length ? escapeKey(p.join('.')) : '_', [messages.invalidCharacter(labelOf(p))]]));

/** The path with percent-escapes decoded (a malformed escape is left for routing to refuse). */
function decodedPath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

export const rejectNul = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  if (FORBIDDEN_CHARACTERS.test(rawPath) || /%00/i.test(rawPath) || FORBIDDEN_CHARACTERS.test(decodedPath(rawPath))) {
    throw new ApiError(422, 'URLに使用できない文字が含まれています。', { code: 'common.validation' });
  }
  if (queryAt >= 0) {
    const query = Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v] as const);
    const bad = forbiddenPaths(Object.fromEntries(query));
    if (bad.length) throw validationFailed(toErrors(bad));
  }
  if (c.req.raw.body && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    // hono caches the parsed body, so the route's validator reads it again for free; a malformed
    // body is left for the validator to answer 400.
    const body: unknown = await c.req.json().catch(() => undefined);
    let bad: Path[];
    try {
      bad = forbiddenPaths(body);
    } catch (error) {
      if (error instanceof TooDeepError) throw httpError(400);
      throw error;
    }
    if (bad.length) throw validationFailed(toErrors(bad));
  }
  await next();
});
