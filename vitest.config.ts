/**
 * Two test projects: `unit` (pure logic, api-client rules, stores; a file may opt into a DOM with a
 * `// @vitest-environment jsdom` comment) and `api` (the real Shop API over a real database: PGlite in
 * memory, or a throwaway PostgreSQL database per file when DATABASE_URL is set).
 * `smoke` (tests/smoke: the whole cluster behind nginx on PostgreSQL and Redis; CI runs it on its own).
 * Browser tests are Playwright's (tests/e2e, playwright.config.ts).
 */
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/**
 * API files that prove what they prove once, so they run on PGlite only (npm test's API suite) and
 * are left out of the run on PostgreSQL: their subject is computed outside the database (pure
 * functions, the hashing pool, image encoding, the HTML sanitiser, hono's own errors, headers, the
 * in-memory postal data, upload storage on disk and S3, the production start checks), and the few
 * queries they make are the plain CRUD every other file runs on both databases. A file that checks SQL behaviour, concurrency, the
 * pool, the rate-limit store or anything that branches on the database kind is not listed here.
 * Several of these are the suite's most CPU-hungry files (AVIF encoding, scrypt floods, KEN_ALL).
 * early-open tests npm start's embedded database, and production-secrets spawns the entry points, each
 * on a PGlite folder of its own whatever DATABASE_URL says (the slowest file on PostgreSQL: 230 s in CI).
 */
const ONCE_ON_PGLITE = [
  'auth-kdf',
  'auth-security-headers',
  'cart-pricing',
  'content-sanitize',
  'early-open',
  'errors-http',
  'images',
  'postal',
  'production-secrets',
  'tax',
  'upload-files',
].map((name) => `tests/api/${name}.test.ts`);
/**
 * API files whose every test is `describe.skipIf(!onPostgres)` (races PGlite cannot show, the outage
 * and release step of a PostgreSQL server): on PGlite they would only load the whole app to skip.
 */
const ONLY_ON_POSTGRES = [
  'address-limit-race',
  'admin-order-actions-race',
  'admin-products-race',
  'checkout-concurrency',
  'concurrency',
  'db-outage',
  'release-step',
].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig({
  test: {
    // Each API test file opens its own pool of up to 10 connections: two files at a time stay well
    // inside PostgreSQL's default 100. PGlite files are independent in-memory databases: at least two
    // at a time (Vitest's default on two cores is one; the whole PGlite suite took 370 s that way and
    // 224 s with two, for less CPU).
    maxWorkers: onPostgres ? 2 : Math.max(2, availableParallelism() - 1),
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
          exclude: [...configDefaults.exclude, ...(onPostgres ? ONCE_ON_PGLITE : ONLY_ON_POSTGRES)],
          environment: 'node',
          // The files of a worker share one module graph instead of importing the whole API again
          // each (that import was 28-37 % of the suite's time): 73 -> 46 s for 16 files on PGlite.
          // Nothing in api/src may keep per-shop state in a module-level map keyed by anything but
          // the Db (see middleware/channel.ts); a file that changes process.env restores it after.
          isolate: false,
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
