/** Decoder of the member's login history (GET /v1/me/login-histories). */
import type { z } from 'zod';
import type { loginHistorySchema } from '#contracts/account.ts';
import { boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export type LoginHistory = z.infer<typeof loginHistorySchema>;

export const loginHistoryWire: Decoder<LoginHistory> = /* @__PURE__ */ object({
  id: int,
  ip: nullable(string),
  user_agent: nullable(string),
  succeeded: boolean,
  created_at: string,
});
