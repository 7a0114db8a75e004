/**
 * Starting with a bad DATABASE_URL (issue 5, section 2) prints the real cause on the first line of
 * output and exits with 1, instead of a stack trace first.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { onPostgres } from './helpers.ts';

/** Runs the standalone API with `databaseUrl` and returns its first output line and exit code. */
function startApi(databaseUrl: string): Promise<{ first: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['api/src/server.ts'], {
      // RES_OPTIONS bounds the system resolver (glibc) to one 1 s try: a resolver that does not answer
      // (seen on CI) would otherwise hold the process for its default 5 s x 2 tries per search domain,
      // and Node's exit waits for a host lookup still running on its thread pool.
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        API_PORT: '0',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        RES_OPTIONS: 'timeout:1 attempts:1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => resolve({ first: output.split('\n').find((l) => l.trim()) ?? '', code }));
  });
}

describe('starting with a bad DATABASE_URL', () => {
  it('names an unreachable server and its refusal on the first line', async () => {
    const { first, code } = await startApi('postgres://nobody@127.0.0.1:1/x');
    expect(first).toMatch(/^\[api\] failed to start: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/x \(.*ECONNREFUSED.*\)$/);
    expect(code).toBe(1);
  });

  // ENOTFOUND from a resolver that answers; EAI_AGAIN or the connect timeout from one that does not.
  it('names an unknown host on the first line', async () => {
    const { first, code } = await startApi('postgres://postgres@no-such-host.invalid:5432/shop');
    expect(first).toMatch(
      /^\[api\] failed to start: cannot connect to PostgreSQL at no-such-host\.invalid:5432\/shop \(.*(ENOTFOUND|EAI_AGAIN|timeout expired).*\)$/,
    );
    expect(code).toBe(1);
  }, 60_000);

  it.skipIf(!onPostgres)('names a database that does not exist on the first line', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/shop_no_such_database';
    const { first, code } = await startApi(url.toString());
    expect(first).toMatch(
      /^\[api\] failed to start: cannot connect to PostgreSQL at .*\/shop_no_such_database \(database "shop_no_such_database" does not exist/,
    );
    expect(code).toBe(1);
  });
});
