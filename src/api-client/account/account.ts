/**
 * Account calls of the storefront's own screens (spec 7 "Auth", "User"; contracts/account.ts):
 * registration, e-mail verification, the verification-code step, channel-sync login, unlock and the
 * school-key check. Calls that answer a login are guest calls (no bearer, no refresh) with
 * `credentials: 'include'` for the refresh cookie; turning the answer into a session is
 * session-actions' adoptLoginResponse, not this module.
 */

import type { AuthVerifyRequest, RegisterRequest } from '#contracts/account.ts';
import type { LoginRequest } from '#contracts/auth.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { request } from '../core/http.ts';
import { type LoginAnswer, loginStepWire, messageWire, type SchoolCheckResponse, schoolCheckWire } from '../wire/account.ts';

export type { LoginAnswer, SchoolCheckResponse };

/** The body of POST /v1/users as the wire takes it (the contract's input type). */
export type RegisterBody = RegisterRequest;

const guestLogin = { auth: false, refresh: false, credentials: 'include', cancelOnNavigation: false } as const;

/** POST /v1/users: registers and logs in (201, a LoginResponse). Duplicates are 422 on the field. */
export async function register(body: RegisterBody, opts: CallOptions = {}): Promise<LoginAnswer> {
  return (await request('POST', '/v1/users', { ...guestLogin, body, parse: loginStepWire, signal: opts.signal })).data;
}

/**
 * POST /v1/email-verify/request: mails a new verification link. The caller is the unregistered
 * member, whose token is never in the token store: it is passed as `bearer`.
 */
export async function emailVerifyRequest(bearer: string, opts: CallOptions = {}): Promise<string> {
  return (await request('POST', '/v1/email-verify/request', { body: {}, bearer, parse: messageWire, signal: opts.signal })).data.message;
}

/** POST /v1/email-verify/check { token }: the link's token; answers the login of the now registered member. */
export async function emailVerifyCheck(token: string, opts: CallOptions = {}): Promise<LoginAnswer> {
  return (await request('POST', '/v1/email-verify/check', { ...guestLogin, body: { token }, parse: loginStepWire, signal: opts.signal }))
    .data;
}

/** POST /v1/auth/verify { verify_code, user_id[, is_sync_user_channel] }: completes the code step. */
export async function authVerify(body: AuthVerifyRequest, opts: CallOptions = {}): Promise<LoginAnswer> {
  return (await request('POST', '/v1/auth/verify', { ...guestLogin, body, parse: loginStepWire, signal: opts.signal })).data;
}

/** POST /v1/auth/login-sync-channel: login with the credentials of another channel of the shop (and, where the channel asks for it, a school key). */
export async function loginSync(credentials: LoginRequest & { school_key?: string }, opts: CallOptions = {}): Promise<LoginAnswer> {
  return (
    await request('POST', '/v1/auth/login-sync-channel', { ...guestLogin, body: credentials, parse: loginStepWire, signal: opts.signal })
  ).data;
}

/** GET /v1/auth/unlock/{token}: clears the lock; answers the message to show. */
export async function unlock(token: string, opts: CallOptions = {}): Promise<string> {
  return (await request('GET', `/v1/auth/unlock/${seg(token)}`, { auth: false, refresh: false, parse: messageWire, signal: opts.signal }))
    .data.message;
}

/** The school-key provider's path prefix (build setting PUBLIC_SCHOOL_API_PREFIX; '' = the shop's API). */
export function schoolApiPrefix(): string {
  const raw = (import.meta.env?.PUBLIC_SCHOOL_API_PREFIX as string | undefined) ?? '';
  return raw.replace(/\/+$/, '');
}

/** POST {prefix}/v1/schools/check { key }: whether the school key is valid. */
export async function schoolCheck(key: string, opts: CallOptions & { prefix?: string } = {}): Promise<SchoolCheckResponse> {
  const prefix = (opts.prefix ?? schoolApiPrefix()).replace(/\/+$/, '');
  return (await request('POST', `${prefix}/v1/schools/check`, { body: { key }, parse: schoolCheckWire, signal: opts.signal })).data;
}
