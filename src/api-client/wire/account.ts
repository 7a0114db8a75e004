/** Decoders of the account answers (spec 7 "Auth", "User"; contracts/account.ts). */
import type { z } from 'zod';
import type { messageResponseSchema, schoolCheckResponseSchema } from '#contracts/account.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import { boolean, type Decoder, object, string } from '../core/guard.ts';
import { loginResponseWire } from './auth.ts';

export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type SchoolCheckResponse = z.infer<typeof schoolCheckResponseSchema>;

export const messageWire: Decoder<MessageResponse> = /* @__PURE__ */ object({ message: string });

export const schoolCheckWire: Decoder<SchoolCheckResponse> = /* @__PURE__ */ object({ key: string, check: boolean });

/** A login answer; `is_manager` is read when the API sends it (spec 6: the manager-login flag). */
export type LoginAnswer = LoginResponse & { is_manager?: boolean };

/**
 * Any login answer, the code step's too (is_verify with an empty access_token and expires_in 0):
 * the shared login decoder plus the optional manager flag.
 */
export const loginStepWire: Decoder<LoginAnswer> = (value, path = '') => {
  const answer: LoginAnswer = loginResponseWire(value, path);
  const manager = (value as { is_manager?: unknown }).is_manager;
  if (typeof manager === 'boolean') answer.is_manager = manager;
  return answer;
};
