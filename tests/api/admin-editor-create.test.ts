/**
 * `npm run editor:create`: a real shop's editors are made by this command, not by the seed. It creates
 * an editor with the password from EDITOR_PASSWORD (never an argument), refuses a short one or none
 * without a terminal, and run again sets a new password and ends the editor's open sessions.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/client.ts';
import { editors } from '../../api/src/db/schema/index.ts';
import { verifyPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

const run = promisify(execFile);
const SCRIPT = 'api/src/services/admin/auth/create-editor.ts';

let shop: TestShop | null = null;
let dir: string | null = null;
/** Where the command writes: the test shop's PostgreSQL database, or a PGlite folder of its own. */
let target: Record<string, string>;
beforeAll(async () => {
  if (onPostgres) {
    shop = await createTestShop();
    target = { DATABASE_URL: shop.env.DATABASE_URL! };
  } else {
    dir = await mkdtemp(path.join(tmpdir(), 'editor-create-'));
    target = { DATABASE_URL: '', DATA_DIR: path.join(dir, 'pglite') };
  }
}, 180_000);
afterAll(async () => {
  await shop?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const editorCreate = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [SCRIPT, ...args], { env: { ...process.env, ...target, ...env }, timeout: 60_000 }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
  );

/** The editor row, read after the command has exited (a PGlite folder has one user at a time). */
async function readEditor(login: string) {
  if (shop) return (await shop.database.db.select().from(editors).where(eq(editors.login, login)))[0];
  const database = await openDatabase(target.DATA_DIR);
  try {
    return (await database.db.select().from(editors).where(eq(editors.login, login)))[0];
  } finally {
    await database.close();
  }
}

describe('npm run editor:create', () => {
  it('creates an editor with EDITOR_PASSWORD, hashed, and sets a new one on a second run', async () => {
    const first = await editorCreate(['--login', 'Shop-Owner', '--name', '店長'], { EDITOR_PASSWORD: 'first-password-2026' });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('編集者「shop-owner」を作成しました。');
    const created = await readEditor('shop-owner');
    expect(created).toMatchObject({ display_name: '店長', disabled: false });
    expect(created.password_hash).not.toContain('first-password-2026');
    expect(await verifyPassword('first-password-2026', created.password_hash)).toBe(true);

    const again = await editorCreate(['--login', 'shop-owner'], { EDITOR_PASSWORD: 'second-password-2026' });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('パスワードを更新しました');
    const updated = await readEditor('shop-owner');
    expect(updated.id).toBe(created.id);
    expect(await verifyPassword('second-password-2026', updated.password_hash)).toBe(true);
  }, 120_000);

  it('gives the account the --role asked for, keeps it on a new password, and refuses an unknown role', async () => {
    const made = await editorCreate(['--login', 'packer', '--role', 'staff'], { EDITOR_PASSWORD: 'packer-password-2026' });
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('スタッフ「packer」を作成しました。');
    expect((await readEditor('packer')).role).toBe('staff');
    const again = await editorCreate(['--login', 'packer'], { EDITOR_PASSWORD: 'packer-password-2027' });
    expect(again.code, again.out).toBe(0);
    expect((await readEditor('packer')).role).toBe('staff');
    const promoted = await editorCreate(['--login', 'packer', '--role', 'admin'], { EDITOR_PASSWORD: 'packer-password-2027' });
    expect(promoted.out).toContain('管理者「packer」');
    expect((await readEditor('packer')).role).toBe('admin');
    const bad = await editorCreate(['--login', 'boss', '--role', 'owner'], { EDITOR_PASSWORD: 'boss-password-2026' });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--role editor|staff|admin');
    expect(await readEditor('boss')).toBeUndefined();
  }, 120_000);

  it('refuses a missing login, a short password, and no password without a terminal', async () => {
    expect((await editorCreate([], { EDITOR_PASSWORD: 'long-enough-password' })).code).toBe(2);
    const short = await editorCreate(['--login', 'shorty'], { EDITOR_PASSWORD: 'short' });
    expect(short.code).toBe(2);
    expect(short.out).toContain('12文字以上');
    const none = await editorCreate(['--login', 'nopass'], { EDITOR_PASSWORD: '' });
    expect(none.code).toBe(2);
    expect(none.out).toContain('EDITOR_PASSWORD');
    expect(await readEditor('shorty')).toBeUndefined();
  }, 120_000);
});
