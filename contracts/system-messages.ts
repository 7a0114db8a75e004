/**
 * System messages of the member's message centre (spec 7: GET /v1/me/system-messages,
 * GET /v1/me/system-messages/{id}; plus GET /v1/me/system-messages/unread-count for the hub).
 * Titles and bodies are plain text: clients render them as text, never as HTML.
 */
import { z } from './zod.ts';

/** Messages per page of the list (newest first). */
export const SYSTEM_MESSAGES_PER_PAGE = 10;

export const systemMessageSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string(),
    /** Plain text; line breaks are "\n". */
    body: z.string(),
    is_read: z.boolean(),
    /** When the member first opened it (ISO 8601), null while unread. */
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SystemMessage' });
export type SystemMessage = z.infer<typeof systemMessageSchema>;
export const systemMessageListSchema = z.array(systemMessageSchema);

export const unreadCountSchema = z.object({ unread_count: z.number().int().min(0) }).meta({ id: 'SystemMessageUnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
