/** The request's database, channel and member, as every cart operation takes them. */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { CartScope } from '../services/carts/types.ts';

/** The cart scope of this request (guest when no valid bearer token came with it). */
export const cartScope = (c: Context<AppEnv>): CartScope => ({
  db: c.get('db'),
  env: c.get('env'),
  channel: c.get('channel'),
  user: c.get('user'),
});
