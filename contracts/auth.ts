/** Auth (spec 7): login, refresh, logout. The refresh token travels only in an httpOnly cookie. */

import { password, requiredText } from './fields.ts';
import { z } from './zod.ts';

/** POST /v1/auth/login. `username` also accepts the member's e-mail address. */
export const loginRequestSchema = z
  .object({
    username: requiredText(255),
    password: password({ min: 1 }),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Body of login and refresh (spec 3 "Login response"). */
export const loginResponseSchema = z
  .object({
    access_token: z.string(),
    /** Lifetime in seconds; the client stores an expiry 5 s earlier. 0 (and expires_at '') on the code step. */
    expires_in: z.number().int().nonnegative(),
    expires_at: z.string(),
    is_registered_member: z.boolean(),
    has_password_expired: z.boolean(),
    has_mail_error_count_over: z.boolean(),
    user_id: z.number().int().positive(),
    /** True when login needs the mailed 6-digit code (POST /v1/auth/verify); access_token is '' then. */
    is_verify: z.boolean(),
    verify_code: z.string().nullable(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /v1/auth/refresh and /logout take an empty object; the refresh token is the cookie. */
export const emptyBodySchema = z.object({}).meta({ id: 'EmptyBody' });

/** Name, path and lifetime of the refresh-token cookie. */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/v1/auth';
