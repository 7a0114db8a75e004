/** The signed-in member (spec 3 "User"; GET/PUT /v1/me/user, PUT /v1/me/password). */

import { email, kana, password, personName, phone, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** The member as the API shows it: never the password hash or the security answer. */
export const userSchema = z
  .object({
    id: z.number().int().positive(),
    username: z.string(),
    email: z.string(),
    last_name: z.string(),
    first_name: z.string(),
    last_name_kana: z.string(),
    first_name_kana: z.string(),
    school: z.string().nullable(),
    phone_number: z.string().nullable(),
    cell_phone_number: z.string().nullable(),
    contact_phone_number: z.string().nullable(),
    fax: z.string().nullable(),
    job: z.string().nullable(),
    gender: z.number().int().nullable(),
    birthday: z.string().nullable(),
    newsletter: z.number().int(),
    is_registered_member: z.boolean(),
    security_question_ct: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * PUT /v1/me/user: the user fields without username (spec 7). Phones: half-width digits, no hyphen.
 * `password` is the member's current password (spec 5: "Password is required on the user form"):
 * it confirms the change (the e-mail is where reminders go), so a stolen access token alone cannot
 * take over the account. Required of every member with a password; a guest purchase's member has
 * none and sends none. Members also need one of phone_number / cell_phone_number
 * (required_without_all, as at registration).
 */
export const userUpdateRequestSchema = z
  .object({
    password: password({ min: 1 }).optional(),
    email: email(),
    last_name: personName(),
    first_name: personName(),
    last_name_kana: kana(),
    first_name_kana: kana(),
    school: text(100).nullable().optional(),
    phone_number: phone().nullable().optional(),
    cell_phone_number: phone().nullable().optional(),
    contact_phone_number: phone().nullable().optional(),
    fax: phone().nullable().optional(),
    job: text(100).nullable().optional(),
    gender: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], errorFor())
      .nullable()
      .optional(),
    birthday: z.iso.date(errorFor()).nullable().optional(),
    newsletter: z.union([z.literal(0), z.literal(1)], errorFor()).optional(),
  })
  .meta({ id: 'UserUpdateRequest' });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** PUT /v1/me/password. */
export const passwordChangeRequestSchema = z
  .object({
    current_password: password({ min: 1 }),
    password: password(),
  })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
