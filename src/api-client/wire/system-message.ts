/** Decoders of the message centre's messages and unread count. */
import type { SystemMessage, UnreadCount } from '#contracts/system-messages.ts';
import { boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export const systemMessageWire: Decoder<SystemMessage> = /* @__PURE__ */ object({
  id: int,
  title: string,
  body: string,
  is_read: boolean,
  read_at: nullable(string),
  created_at: string,
});

export const unreadCountWire: Decoder<UnreadCount> = /* @__PURE__ */ object({ unread_count: int });
