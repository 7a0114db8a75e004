/**
 * A fake `fetch` for unit tests: records every call and answers from a handler, so the client's
 * rules are tested without a network or a server.
 */
import type { StoredSession } from '#api-client/core/cookie-jar.ts';
import type { TokenStore } from '#api-client/core/http.ts';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type Handler = (call: Call) => Response | Promise<Response>;

/** JSON response helper. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that answers with `handler` and records calls. */
export function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call: Call = {
      url: input,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(call);
  };
  return { fetch, calls };
}

/** A token store in memory (the browser uses cookies). */
export function memoryTokens(initial: StoredSession | null = null): TokenStore & { value: StoredSession | null } {
  const store = {
    value: initial,
    read: () => store.value,
    write: (s: StoredSession) => {
      store.value = s;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

/** A login/refresh body as the API sends it. */
export function loginBody(token: string, overrides: Record<string, unknown> = {}) {
  return {
    access_token: token,
    expires_in: 3600,
    expires_at: '2026-01-01T01:00:00.000Z',
    is_registered_member: true,
    has_password_expired: false,
    has_mail_error_count_over: false,
    user_id: 1,
    is_verify: false,
    verify_code: null,
    ...overrides,
  };
}

/** A fetch that never answers until its signal aborts (for timeout and cancellation tests). */
export function hangingResponse(call: Call): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}
