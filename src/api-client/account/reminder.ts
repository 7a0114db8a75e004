/**
 * Password and username reminders (spec 7 "Reminder"). Guest calls: no bearer token and no refresh,
 * so a stale login in the cookies can neither be sent nor trigger a refresh. The reset answer is a
 * LoginResponse; turning it into a session is session-actions' adoptLoginResponse, not this module.
 */

import type { CallOptions } from '../core/call.ts';
import { request } from '../core/http.ts';
import { type ReminderCheckResponse, type ReminderResetResponse, reminderCheckWire, reminderResetWire } from '../wire/reminder.ts';

export type { ReminderCheckResponse, ReminderResetResponse };

/** Which reminder: the password (default on the API) or the login ID. */
export type ReminderType = 'password' | 'username';

const guest = { auth: false, refresh: false } as const;

/** POST /v1/reminder/request: mails the link. The API answers the same whether the address is known or not. */
export async function requestReminder(body: { email: string; type: ReminderType }, opts: CallOptions = {}): Promise<void> {
  await request('POST', '/v1/reminder/request', { ...guest, body, signal: opts.signal });
}

/** POST /v1/reminder/check: the link's token is valid; answers the member's security question (or none). */
export async function checkReminder(body: { token: string; type: ReminderType }, opts: CallOptions = {}): Promise<ReminderCheckResponse> {
  return (await request('POST', '/v1/reminder/check', { ...guest, body, parse: reminderCheckWire, signal: opts.signal })).data;
}

/**
 * POST /v1/reminder/reset: the token, the security answer (when a question is set) and, for the
 * password reminder, the new password. Spends the token and answers a login; `credentials: 'include'`
 * so the API can set the refresh-token cookie, as on login.
 */
export async function resetReminder(
  body: { token: string; type: ReminderType; security_answer?: string; password?: string },
  opts: CallOptions = {},
): Promise<ReminderResetResponse> {
  const res = await request('POST', '/v1/reminder/reset', {
    ...guest,
    body,
    parse: reminderResetWire,
    credentials: 'include',
    cancelOnNavigation: false,
    signal: opts.signal,
  });
  return res.data;
}
