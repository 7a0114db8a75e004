/**
 * Account flows (spec 3 "User", "Reminder", "School key check"; spec 4 "Login", "E-mail
 * verification", "Reminder"; spec 7 "Auth", "User", "Reminder"): registration, e-mail verification,
 * the verification-code login step, channel-sync login, unlock, password and username reminders,
 * the guest purchase's unregistered member, withdrawal, login history and the school-key check.
 *
 * Every call that logs somebody in answers the LoginResponse of contracts/auth.ts and sets the
 * refresh-token cookie, like POST /v1/auth/login.
 */

import { loginResponseSchema } from './auth.ts';
import { pagedQuerySchema } from './common.ts';
import { dbId, dbInt, email, kana, keyText, password, personName, phone, postalCode, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { labelOf } from './labels.ts';
import { messages } from './messages.ts';
import { HALF_WIDTH_ALPHA_NUM } from './patterns.ts';
import { z } from './zod.ts';

// ------------------------------------------------------------------ choice constants (spec 3)

// Defined zod-free in contracts/choices.ts so that browser code can import them.
export { GENDERS, NEWSLETTER, SECURITY_QUESTIONS, type SecurityQuestionCode } from './choices.ts';

/** Lifetimes of the one-time credentials (seconds): codes in minutes, links in hours. */
export const TOKEN_TTL = {
  /** The 6-digit login verification code. */
  loginCode: 10 * 60,
  /** The link that verifies a new member's e-mail address. */
  emailVerify: 24 * 60 * 60,
  /** Password and username reminder links. */
  reminder: 60 * 60,
  /** The unlock link mailed when an account is locked. */
  unlock: 24 * 60 * 60,
} as const;

/** Wrong verification codes accepted for one code before it is spent (then log in again). */
export const MAX_CODE_ATTEMPTS = 5;

// ------------------------------------------------------------------ fields

/** ログインID: half-width letters and digits (spec 5 half_width_alpha_num), 4–50 characters. */
export const username = () =>
  requiredText(50)
    .regex(HALF_WIDTH_ALPHA_NUM, { error: (iss) => messages.halfWidthAlphaNum(labelOf(iss.path)) })
    .min(4);

const securityQuestion = () => z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], errorFor());
const gender = () => z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], errorFor());
const newsletter = () => z.union([z.literal(0), z.literal(1)], errorFor());
/** A one-time token from a mailed link (base64url, as tokens.ts issues them). */
const linkToken = () => keyText(200, { label: 'URLのトークン' });
/** The 6-digit code of the verification step. */
const verifyCode = () => requiredText(6).regex(/^\d{6}$/, { error: (iss) => messages.numeric(labelOf(iss.path)) });

/** The optional address given at registration (becomes the default address book entry). */
export const registerAddressSchema = z
  .object({
    postal_code: postalCode(),
    prefecture: requiredText(10),
    city: requiredText(100),
    address1: requiredText(100),
    address2: text(100).optional(),
  })
  .meta({ id: 'RegisterAddress' });

// ------------------------------------------------------------------ registration

/**
 * POST /v1/users: the user fields of spec 3 with username and password, the security question and
 * its answer (for the reminders), newsletter 1/0, gender 1–4, optional birthday and address. At least
 * one of phone_number / cell_phone_number (spec 5 required_without_all: 「いずれかは必須項目です」 on
 * both fields). Duplicate e-mail or username: 422 on that field.
 * Answers 201 with a LoginResponse (the visitor is logged in, spec 7); `is_registered_member` is
 * false until the e-mail is verified when the channel setting
 * PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE is on (a verification mail is sent then).
 */
export const registerRequestSchema = z
  .object({
    username: username(),
    password: password(),
    email: email(),
    last_name: personName(),
    first_name: personName(),
    last_name_kana: kana(),
    first_name_kana: kana(),
    phone_number: phone().nullable().optional(),
    cell_phone_number: phone().nullable().optional(),
    newsletter: newsletter(),
    gender: gender().nullable().optional(),
    birthday: z.iso
      .date({ error: () => messages.dateBirth() })
      .nullable()
      .optional(),
    security_question_ct: securityQuestion(),
    security_answer: requiredText(100),
    address: registerAddressSchema.nullable().optional(),
    /**
     * The school key (POST /v1/schools/check): required on a channel whose setting
     * SITE.SCHOOL_KEY_REQUIRED is true (the school shop), where an unknown key is 422 errors.school_key;
     * the school's name is then stored in the member's `school`. Ignored on other channels.
     */
    school_key: text(50).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.phone_number && !v.cell_phone_number) {
      for (const path of ['phone_number', 'cell_phone_number'])
        ctx.addIssue({ code: 'custom', path: [path], message: messages.requiredWithoutAll() });
    }
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

// ------------------------------------------------------------------ e-mail verification

/** POST /v1/email-verify/request (bearer of the unregistered member): mails a new link. 200 { message }. */
export const emailVerifyRequestSchema = z.object({}).meta({ id: 'EmailVerifyRequest' });

/**
 * POST /v1/email-verify/check { token } (the link's token, /verify/email/?token=…): marks the member
 * registered and logs them in (LoginResponse, is_registered_member true). Invalid, used or expired:
 * 422 code `email_verify.invalid`.
 */
export const emailVerifyCheckSchema = z.object({ token: linkToken() }).meta({ id: 'EmailVerifyCheck' });

// ------------------------------------------------------------------ login steps

/**
 * POST /v1/auth/login for a member with the verification step on: 200 with is_verify true, user_id,
 * an empty access_token, expires_in 0 and verify_code null, and a 6-digit code mailed to the member.
 * POST /v1/auth/verify completes it. A wrong code: 422 `auth.verify_failed` (counted; after
 * MAX_CODE_ATTEMPTS the code is spent: 422 `auth.verify_expired`, log in again).
 */
export const authVerifyRequestSchema = z
  .object({
    verify_code: verifyCode(),
    user_id: dbInt(),
    is_sync_user_channel: z.boolean(errorFor()).optional(),
  })
  .meta({ id: 'AuthVerifyRequest' });
export type AuthVerifyRequest = z.infer<typeof authVerifyRequestSchema>;

/**
 * POST /v1/auth/login-sync-channel { username, password, school_key? }: a member of this channel logs
 * in as for login; otherwise a registered member of any other channel of this installation logs in
 * here, the first time creating the linked member of this channel (users.synced_from_user_id; same
 * profile and password) under this channel's registration rules: a valid school_key where
 * SITE.SCHOOL_KEY_REQUIRED is on (else 422 on school_key, as registration answers), and unregistered
 * with a verification mail where first-login verification is on. The attempt counts towards the
 * lockout of the member whose password was checked. Same answers as login (including the code step).
 */
export const loginSyncRequestSchema = z
  .object({
    username: requiredText(255),
    password: password({ min: 1 }),
    school_key: text(50).nullable().optional(),
  })
  .meta({ id: 'LoginSyncRequest' });

/** GET /v1/auth/unlock/{token}: 200 { message } and the lock cleared; invalid: 422 `auth.unlock_invalid`. */
export const unlockParamsSchema = z.object({ token: linkToken() });
export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

// ------------------------------------------------------------------ reminders

/** Which reminder: the password (default) or the login ID. */
export const reminderType = () => z.enum(['password', 'username'], errorFor()).default('password');

/**
 * POST /v1/reminder/request { email, type }: mails a link to /reminder/reset/?token=… (or
 * /reminder/username/reset/?token=…). The same 200 { message } whether or not the address is known.
 */
export const reminderRequestSchema = z.object({ email: email(), type: reminderType() }).meta({ id: 'ReminderRequest' });

/**
 * POST /v1/reminder/check { token, type }: 200 with the member's security question (null when the
 * member set none: then the link alone suffices). Invalid, used or expired: 422 `reminder.invalid`.
 */
export const reminderCheckSchema = z.object({ token: linkToken(), type: reminderType() }).meta({ id: 'ReminderCheck' });
export const reminderCheckResponseSchema = z
  .object({
    question_ct: z.number().int().min(1).max(4).nullable(),
    question: z.string().nullable(),
  })
  .meta({ id: 'ReminderCheckResponse' });

/**
 * POST /v1/reminder/reset: the token, the answer to the security question (when one is set; a wrong
 * answer is 422 on security_answer and counts towards the rate limit) and, for the password reminder,
 * the new password. Spends the token, ends the member's other sessions (password type) and logs in:
 * a LoginResponse plus `username` (what the username reminder shows).
 */
export const reminderResetSchema = z
  .object({
    token: linkToken(),
    type: reminderType(),
    security_answer: text(100).optional(),
    password: password().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'password' && !v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.required(labelOf(['password'])) });
  })
  .meta({ id: 'ReminderReset' });
export const reminderResetResponseSchema = loginResponseSchema.extend({ username: z.string() }).meta({ id: 'ReminderResetResponse' });

// ------------------------------------------------------------------ guest purchase, withdrawal, history

/**
 * GET /v1/users/dummy: a new unregistered member (is_registered_member false) for a guest purchase,
 * logged in (LoginResponse). The guest then fills PUT /v1/me/user and an address and checks out as
 * usual; the order mail goes to that e-mail. POST /v1/me/convert turns them into a member.
 */
export const dummyUserResponseSchema = loginResponseSchema;

/**
 * POST /v1/me/convert { username, password, security_question_ct, security_answer }: 「この内容で
 * 会員登録する」 after a guest purchase: the unregistered member becomes a registered one with the
 * details already given (duplicates: 422 on the field). Answers a LoginResponse.
 */
export const convertGuestSchema = z
  .object({
    username: username(),
    password: password(),
    security_question_ct: securityQuestion(),
    security_answer: requiredText(100),
  })
  .meta({ id: 'ConvertGuest' });

/**
 * DELETE /v1/me/user { password }: withdrawal after the member confirms with their password. Ends
 * every session, erases personal data (name, e-mail, phones, addresses, cards, lists) and keeps the
 * orders, anonymised, for the accounts. 204.
 */
export const withdrawRequestSchema = z.object({ password: password({ min: 1 }) }).meta({ id: 'WithdrawRequest' });

/** GET /v1/me/login-histories (page, per; pagination headers): newest first. */
export const loginHistorySchema = z
  .object({
    id: z.number().int().positive(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    succeeded: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'LoginHistory' });
export const loginHistoryListSchema = z.array(loginHistorySchema);
export const loginHistoryQuerySchema = pagedQuerySchema;

/** POST /v1/schools/check { key } (under the configured provider prefix): { key, check }. */
export const schoolCheckRequestSchema = z.object({ key: requiredText(50, { label: '学校キー' }) }).meta({ id: 'SchoolCheckRequest' });
export const schoolCheckResponseSchema = z.object({ key: z.string(), check: z.boolean() }).meta({ id: 'SchoolCheckResponse' });

/** GET /v1/postal-codes/prefectures: the 47 prefectures in JIS order. */
export const prefectureSchema = z.object({ code: z.string(), name: z.string() }).meta({ id: 'Prefecture' });
export const prefectureListSchema = z.array(prefectureSchema);

/** Path parameter of calls addressed by a member id. */
export const userIdParam = () => dbId();
