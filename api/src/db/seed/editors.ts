/**
 * The development editor of the demo data. It exists only in a database seeded with the demo shop
 * (npm start on an empty database, the tests, the e2e runs), whose password is public anyway; a real
 * shop creates its editors with `npm run editor:create -- --login <name>` instead.
 */
import type { Tx } from '../client.ts';
import { editors } from '../schema.ts';
import { hashPassword } from '../../services/password.ts';

export const DEV_EDITOR = { login: 'editor', password: 'editor-pass-2026', displayName: '開発用編集者' } as const;

/** Seeds the development editor. */
export async function seedEditors(tx: Tx) {
  await tx.insert(editors).values({ login: DEV_EDITOR.login, display_name: DEV_EDITOR.displayName, password_hash: await hashPassword(DEV_EDITOR.password) });
}
