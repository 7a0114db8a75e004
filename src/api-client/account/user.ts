/** The signed-in member (spec 7 "User"). */

import type { PasswordChangeRequest, UserUpdateRequest } from '#contracts/user.ts';
import type { CallOptions } from '../core/call.ts';
import { request } from '../core/http.ts';
import type { User } from '../core/types.ts';
import { userWire } from '../wire/user.ts';

/** GET /v1/me/user. */
export async function getMe(opts: CallOptions = {}): Promise<User> {
  return (await request('GET', '/v1/me/user', { parse: userWire, signal: opts.signal })).data;
}

/** PUT /v1/me/password { current_password, password }: 204; a wrong current password is 422 on current_password. */
export async function changePassword(body: PasswordChangeRequest, opts: CallOptions = {}): Promise<void> {
  await request('PUT', '/v1/me/password', { body, signal: opts.signal });
}

/**
 * PUT /v1/me/user: the member's fields without the username; `password` is the current password that
 * confirms the change (required of members). 422 messages come by field.
 */
export async function updateMe(body: UserUpdateRequest, opts: CallOptions = {}): Promise<User> {
  return (await request('PUT', '/v1/me/user', { body, parse: userWire, signal: opts.signal })).data;
}
