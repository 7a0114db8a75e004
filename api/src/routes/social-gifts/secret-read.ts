/**
 * The receiver's reads are keyed by the link's secret and change when the gift is received: never
 * kept by a browser or a shared cache (a used link must say so at once, and no cache holds the secret).
 */
import type { Context } from 'hono';

export const secretRead = <C extends Context>(c: C) => { c.header('Cache-Control', 'private, no-store'); return c; };
