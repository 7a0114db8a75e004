/** The signed-in member (spec 7 "User"). */
import { request } from './http.ts';
import type { CallOptions } from './call.ts';
import type { User } from './types.ts';
import { userWire } from './wire/user.ts';

/** GET /v1/me/user. */
export async function getMe(opts: CallOptions = {}): Promise<User> {
  return (await request('GET', '/v1/me/user', { parse: userWire, signal: opts.signal })).data;
}
