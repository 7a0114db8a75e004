/**
 * Two test projects: `unit` (pure logic, api-client rules, stores; a file may opt into a DOM with a
 * `// @vitest-environment jsdom` comment) and `api` (the real Shop API over a real database: PGlite in
 * memory, or a throwaway PostgreSQL database per file when DATABASE_URL is set).
 * `smoke` (tests/smoke: the whole cluster behind nginx on PostgreSQL and Redis; CI runs it on its own).
 * Browser tests are Playwright's (tests/e2e, playwright.config.ts).
 */
import { defineConfig } from 'vitest/config';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export default defineConfig({
  test: {
    // Each API test file opens its own pool of up to 10 connections: two files at a time stay well
    // inside PostgreSQL's default 100. PGlite files are independent in-memory databases.
    maxWorkers: onPostgres ? 2 : undefined,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'smoke',
          include: ['tests/smoke/**/*.test.ts'],
          environment: 'node',
          // One cluster for the file: its start (a storefront build) takes most of the time.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded shop per run (a PGlite tarball or a PostgreSQL template database);
          // each file's createTestShop() starts from a copy of it (tests/api/helpers.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          // scrypt at N=2^12 instead of 2^17 (api/src/services/passwords/index.ts honours it under vitest only):
          // the suite logs in hundreds of times; auth-kdf.test.ts checks the real cost.
          env: { SCRYPT_LOG2_N: '12' },
          // A file that seeds its own shop ({ fresh: true }) waits for it.
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // V8's JIT-page tracking under memory protection keys (PKU, on most server CPUs) aborts the
          // process now and then while many PGlite WebAssembly instances start and stop ("Check failed:
          // jit_page.has_value()", nodejs/node#64500; CI lost a run to it in cache-control.test.ts).
          // Machines without PKU never engage it; switching it off makes CI behave like them.
          execArgv: ['--no-memory-protection-keys'],
        },
      },
    ],
  },
});
