/** Decoder of the member's profile. */
import type { User } from '#contracts/user.ts';
import { boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export const userWire: Decoder<User> = /* @__PURE__ */ object({
  id: int,
  username: string,
  email: string,
  last_name: string,
  first_name: string,
  last_name_kana: string,
  first_name_kana: string,
  school: nullable(string),
  phone_number: nullable(string),
  cell_phone_number: nullable(string),
  contact_phone_number: nullable(string),
  fax: nullable(string),
  job: nullable(string),
  gender: nullable(int),
  birthday: nullable(string),
  newsletter: int,
  is_registered_member: boolean,
  security_question_ct: nullable(int),
  created_at: string,
});
