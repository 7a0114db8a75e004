/** Decoder of a login or token-refresh answer (every page with the http core refreshes). */
import type { LoginResponse } from '#contracts/auth.ts';
import { boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export const loginResponseWire: Decoder<LoginResponse> = /* @__PURE__ */ object({
  access_token: string,
  expires_in: int,
  expires_at: string,
  is_registered_member: boolean,
  has_password_expired: boolean,
  has_mail_error_count_over: boolean,
  user_id: int,
  is_verify: boolean,
  verify_code: nullable(string),
});
