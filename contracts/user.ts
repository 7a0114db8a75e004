/** The signed-in member (spec 3 "User"; GET/PUT /v1/me/user, PUT /v1/me/password). */
import { z } from 'zod';

/** The member as the API shows it: never the password hash or the security answer. */
export const userSchema = z.object({
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
}).meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const phone = z.string().regex(/^\d{0,11}$/, '電話番号は半角数字11桁以内で入力してください').nullable().optional();
const kana = z.string().max(50).regex(/^[ァ-ヶー・\s　]*$/, '全角カタカナで入力してください');

/** PUT /v1/me/user: the user fields without username (spec 7). */
export const userUpdateRequestSchema = z.object({
  email: z.email().max(255),
  last_name: z.string().trim().min(1).max(50),
  first_name: z.string().trim().min(1).max(50),
  last_name_kana: kana,
  first_name_kana: kana,
  school: z.string().max(100).nullable().optional(),
  phone_number: phone,
  cell_phone_number: phone,
  contact_phone_number: phone,
  fax: phone,
  job: z.string().max(100).nullable().optional(),
  gender: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable().optional(),
  birthday: z.iso.date().nullable().optional(),
  newsletter: z.union([z.literal(0), z.literal(1)]).optional(),
}).meta({ id: 'UserUpdateRequest' });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** PUT /v1/me/password. */
export const passwordChangeRequestSchema = z.object({
  current_password: z.string().min(1).max(255),
  password: z.string().min(8).max(255),
}).meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
