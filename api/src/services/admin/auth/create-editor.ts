/**
 * `npm run editor:create -- --login <name> [--name <display name>] [--role editor|staff|admin]`:
 * creates an account of /admin/ in the configured database (DATABASE_URL or the embedded one), or
 * sets a new password (and the role, when given) for an existing one (its open sessions end). A new
 * account without --role is an editor. The password comes from EDITOR_PASSWORD, or is asked for twice on a
 * terminal without echo; it is never an argument, so it does not land in the shell history.
 */

import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { editorLoginRequestSchema } from '#contracts/admin.ts';
import { ADMIN_ROLES, type AdminRole, isAdminRole, ROLE_LABELS } from '#contracts/admin-roles.ts';
// The one password rule of /admin/ accounts, shared with the staff screens and their API.
import { MIN_STAFF_PASSWORD } from '#contracts/admin-staff.ts';
import { openDatabase } from '../../../db/client.ts';
import { databaseUrl, readEnv } from '../../../env.ts';
import { refuseUnsafeProduction } from '../../../lib/production-secrets.ts';
import { closeKdfPools } from '../../passwords/kdf/pool.ts';
import { upsertEditor } from './index.ts';

function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing after the question while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  if (process.env.EDITOR_PASSWORD) return process.env.EDITOR_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('EDITOR_PASSWORD を設定するか、端末から実行してください。');
  const first = await ask('パスワード: ');
  const second = await ask('パスワード（確認）: ');
  if (first !== second) throw new Error('パスワードが一致しません。');
  return first;
}

// Under NODE_ENV=production a password written in the repository (a test's) is refused.
refuseUnsafeProduction('editor', ['EDITOR_PASSWORD', 'DATABASE_URL']);
const { values } = parseArgs({ options: { login: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } } });
const parsed = editorLoginRequestSchema.safeParse({ login: values.login ?? '', password: 'x' });
if (!values.login || !parsed.success || (values.role !== undefined && !isAdminRole(values.role))) {
  console.error(
    `使い方: npm run editor:create -- --login <ログインID> [--name <表示名>] [--role ${ADMIN_ROLES.join('|')}]（パスワードは EDITOR_PASSWORD か入力で）`,
  );
  process.exit(2);
}
const role = values.role as AdminRole | undefined;
const password = await readPassword().catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});
if (password.length < MIN_STAFF_PASSWORD || password.includes('\u0000')) {
  console.error(`パスワードは${MIN_STAFF_PASSWORD}文字以上にしてください。`);
  process.exit(2);
}
const database = await openDatabase(databaseUrl(readEnv()));
try {
  const { editor, created } = await upsertEditor(database.db, {
    login: parsed.data.login,
    displayName: values.name?.trim() || parsed.data.login,
    password,
    role,
  });
  const label = ROLE_LABELS[editor.role as AdminRole];
  console.log(
    created
      ? `${label}「${editor.login}」を作成しました。`
      : `${label}「${editor.login}」のパスワードを更新しました（権限：${label}。ログイン中のセッションは終了しました）。`,
  );
} finally {
  await closeKdfPools();
  await database.close();
}
