/**
 * The accounts of the shop's people (admin API /admin/v1/staff, role admin), shared by the API and
 * the /admin/staff/ screens: list, create, change name or role, disable and enable, reset the
 * password, unlock. The password rule lives here once: the screens, the API and `npm run
 * editor:create` (api/src/services/admin/auth/create-editor.ts) all refuse a password shorter than
 * MIN_STAFF_PASSWORD. No answer ever carries a password or its hash.
 */

import { ADMIN_ROLES } from './admin-roles.ts';
import { password, requiredText } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** Passwords of /admin/ accounts: at least 12 characters (an editor changes every page, staff see every order). */
export const MIN_STAFF_PASSWORD = 12;

/** A login ID a person types: half-width letters, digits and . _ @ -, 3 to 100 (stored NFKC lower-cased). */
export const STAFF_LOGIN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,99}$/;

const loginField = () =>
  requiredText(100, { label: 'ログインID' }).regex(STAFF_LOGIN, {
    error: () => 'ログインIDは半角英数字と「. _ @ -」で3〜100文字で入力してください',
  });
const nameField = () => requiredText(100, { label: '氏名' });
const roleField = () => z.enum(ADMIN_ROLES, errorFor('権限'));
const passwordField = () => password({ label: 'パスワード', min: MIN_STAFF_PASSWORD });

/** POST /admin/v1/staff. */
export const staffCreateRequestSchema = z.strictObject(
  {
    login: loginField(),
    display_name: nameField(),
    role: roleField(),
    password: passwordField(),
  },
  errorFor(),
);
export type StaffCreateRequest = z.infer<typeof staffCreateRequestSchema>;

/** PATCH /admin/v1/staff/{id}: the name and/or the role. */
export const staffUpdateRequestSchema = z
  .strictObject(
    {
      display_name: nameField().optional(),
      role: roleField().optional(),
    },
    errorFor(),
  )
  .refine((v) => v.display_name !== undefined || v.role !== undefined, {
    error: () => '変更する項目（氏名または権限）を指定してください',
    path: ['_'],
  });
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequestSchema>;

/** POST /admin/v1/staff/{id}/password: the new password the admin hands over. */
export const staffPasswordRequestSchema = z.strictObject({ password: passwordField() }, errorFor());
export type StaffPasswordRequest = z.infer<typeof staffPasswordRequestSchema>;

/** One account as the staff screens show it. */
export const staffAccountSchema = z
  .object({
    id: z.number().int(),
    login: z.string(),
    display_name: z.string(),
    role: z.enum(ADMIN_ROLES),
    disabled: z.boolean(),
    /** Locked after repeated wrong passwords, until locked_until. */
    locked: z.boolean(),
    locked_until: z.string().nullable(),
    failed_login_count: z.number().int(),
    /** The last successful login (the audit log's auth.login), or null. */
    last_login_at: z.string().nullable(),
    /** Sessions that can still open the admin API. */
    active_sessions: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Why a change is refused: it would leave the shop without an enabled admin. */
export const LAST_ADMIN_MESSAGE = '有効な管理者が他にいないため、この変更はできません。先に別の管理者を有効にしてください。';

/** The audit actions of this area (contracts/admin-audit.ts labels them). */
export const STAFF_ACTIONS = [
  'staff.create',
  'staff.update',
  'staff.disable',
  'staff.enable',
  'staff.password_reset',
  'staff.unlock',
] as const;
