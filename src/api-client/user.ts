/** The signed-in member (spec 7 "User"). */
import { userSchema, type User } from '#contracts/user.ts';
import { request } from './http.ts';
import type { CallOptions } from './call.ts';

/** GET /v1/me/user. */
export async function getMe(opts: CallOptions = {}): Promise<User> {
  return (await request('GET', '/v1/me/user', { schema: userSchema, signal: opts.signal })).data;
}
