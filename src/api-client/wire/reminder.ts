/** Decoders of the reminder answers (spec 7 "Reminder"). */
import type { z } from 'zod';
import type { reminderCheckResponseSchema, reminderResetResponseSchema } from '#contracts/account.ts';
import { type Decoder, literal, nullable, object, string } from '../core/guard.ts';
import { loginResponseWire } from './auth.ts';

export type ReminderCheckResponse = z.infer<typeof reminderCheckResponseSchema>;
export type ReminderResetResponse = z.infer<typeof reminderResetResponseSchema>;

export const reminderCheckWire: Decoder<ReminderCheckResponse> = /* @__PURE__ */ object({
  question_ct: nullable(literal(1, 2, 3, 4)),
  question: nullable(string),
});

/** A LoginResponse plus the member's login ID (what the username reminder shows). */
export const reminderResetWire: Decoder<ReminderResetResponse> = (value, path = '') => ({
  ...loginResponseWire(value, path),
  ...object({ username: string })(value, path),
});
