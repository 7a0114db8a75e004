/**
 * The development accounts of /admin/ in the demo data: an editor (content), a staff member (orders,
 * customers, stock) and an admin (everything, plus settings, staff accounts and the audit log). They
 * exist only in a database seeded with the demo shop (npm start on an empty database, the tests, the
 * e2e runs), whose passwords are public anyway; a real shop creates its accounts with
 * `npm run editor:create -- --login <name> --role <role>` instead.
 */

import type { Tx } from '../client.ts';
import { editors } from '../schema/index.ts';
import { seedPasswordHash } from './hashes.ts';

export const DEV_EDITOR = { login: 'editor', password: 'editor-pass-2026', displayName: '開発用編集者', role: 'editor' } as const;
export const DEV_STAFF = { login: 'staff', password: 'staff-pass-2026', displayName: '開発用スタッフ', role: 'staff' } as const;
export const DEV_ADMIN = { login: 'admin', password: 'admin-pass-2026', displayName: '開発用管理者', role: 'admin' } as const;

/** Seeds the three development accounts. */
export async function seedEditors(tx: Tx) {
  const accounts = [DEV_EDITOR, DEV_STAFF, DEV_ADMIN];
  const hashes = await Promise.all(accounts.map((a) => seedPasswordHash(a.password)));
  await tx
    .insert(editors)
    .values(accounts.map((a, i) => ({ login: a.login, display_name: a.displayName, role: a.role, password_hash: hashes[i] })));
}
