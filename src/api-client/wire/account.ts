/** Decoders of the account answers (spec 7 "Auth", "User"; contracts/account.ts). */
import type { z } from 'zod';
import type { messageResponseSchema, schoolCheckResponseSchema } from '#contracts/account.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import { boolean, int, nullable, object, optional, string, type Decoder } from '../guard.ts';

export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type SchoolCheckResponse = z.infer<typeof schoolCheckResponseSchema>;

export const messageWire: Decoder<MessageResponse> = /* @__PURE__ */ object({ message: string });

export const schoolCheckWire: Decoder<SchoolCheckResponse> = /* @__PURE__ */ object({ key: string, check: boolean });

/** A login answer; `is_manager` is read when the API sends it (spec 6: the manager-login flag). */
export type LoginAnswer = LoginResponse & { is_manager?: boolean };

/** Any login answer, the code step's too (is_verify with an empty access_token and expires_in 0). */
export const loginStepWire: Decoder<LoginAnswer> = /* @__PURE__ */ object({
  access_token: string, expires_in: int, expires_at: string, is_registered_member: boolean,
  has_password_expired: boolean, has_mail_error_count_over: boolean, user_id: int, is_verify: boolean,
  verify_code: nullable(string), is_manager: optional(boolean),
});
