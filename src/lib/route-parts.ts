/** The two helpers every route module builds paths with (src/lib/routes.ts, src/lib/mypage-routes.ts). */

/** One URL-encoded path segment from a key or id. */
export const seg = (key: string | number): string => encodeURIComponent(String(key));

/** `/base/` plus a query string built from the defined entries (none → no `?`). */
export function withQuery(base: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}
