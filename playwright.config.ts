/**
 * Browser tests against the real shop: `npm start` on port 4399 with its own throwaway PGlite
 * database (.data/e2e-<port>/pglite, wiped before each run, so e2e never touches the development data), driven by
 * Debian's Chromium (Playwright cannot download browsers here; scripts/ensure-chromium.ts finds or
 * installs it first). Its mail goes to an SMTP capture on E2E_PORT + 1000 (read it with
 * tests/e2e/support/mailbox.ts).
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { shopPort } from './tests/e2e/support/shop.ts';

const port = Number(process.env.E2E_PORT ?? 4399);
/**
 * A second shop for the school channel (its own theme, database, build and snapshot) on E2E_PORT + 5,
 * for the specs that need another channel (school-theme.spec.ts, channel-builds.spec.ts; the
 * `school` project below). It costs a seed and a build (~40 s on this machine), so a run naming only
 * other spec files skips it; E2E_SCHOOL=1 or 0 forces it on or off.
 */
const schoolPort = Number(process.env.E2E_SCHOOL_PORT ?? port + 5);
const schoolURL = `http://localhost:${schoolPort}`;
const schoolDir = `.data/e2e-${schoolPort}`;
const SCHOOL_SPECS = /school-theme|channel-builds/;
const specFilters = process.argv.slice(2).filter((a) => !a.startsWith('-') && /spec|tests\/e2e|\.ts$/.test(a));
const withSchool = process.env.E2E_SCHOOL
  ? process.env.E2E_SCHOOL === '1'
  : specFilters.length === 0 || specFilters.some((a) => SCHOOL_SPECS.test(a));
/**
 * The default channel's spec FILES are dealt to `shops` identical shops as workers free up (a
 * shop on E2E_PORT + 7 * i, its SMTP capture on + 1000): the browser tests mostly wait (on the
 * network, the server, rebuilds, mail), so several at a time cut the suite's time even on two cores.
 * One worker per shop: Playwright's parallel index (TEST_PARALLEL_INDEX, 0 .. workers - 1, never two
 * live workers with the same one) picks the shop, and each worker process loads this file again with
 * its own index set, so `use.baseURL` below is its shop's. Files never run fully parallel, so each shop
 * runs its files one at a time, and no spec may rely on data another spec makes (files land on any
 * shop in any order). E2E_SHOPS sets the number (default 2 for a whole run, 1 when spec files are
 * named; 3 ran in CI too, but under a load average of 30 timing checks such as login-flood's 200 ms failed). The school project's worker takes one of the slots while it runs.
 */
const shops = Math.max(1, Number(process.env.E2E_SHOPS ?? (specFilters.length > 0 ? 1 : 2)));
// The worker processes see what the runner decided (they are started with its environment).
process.env.E2E_SHOPS = String(shops);
process.env.E2E_SCHOOL = withSchool ? '1' : '0';
const shopPorts = Array.from({ length: shops }, (_, i) => shopPort(i));
const workerShopPort = shopPort();
/**
 * E2E_DATA_FROM=<a PGlite data folder migrated and seeded by this checkout> (CI: the one the
 * all-channel build seeded): every shop starts from a copy of it instead of seeding its own (~30 s of
 * CPU each); the shop still migrates and seeds only if that folder were empty. Unset: a fresh seed.
 */
const dataFrom = process.env.E2E_DATA_FROM;
/** The shell command that wipes a shop's database (and copies E2E_DATA_FROM in), then starts it. */
function startShop(dir: string): string {
  const copy = dataFrom ? `mkdir -p ${dir} && cp -a ${JSON.stringify(dataFrom)} ${dir}/pglite && ` : '';
  return `rm -rf ${dir}/pglite && ${copy}node scripts/host/start.ts`;
}
// The second path is the wrapper script; the binary itself avoids the wrapper's warning.
const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));

/**
 * A default-channel shop on port `shop` for the webServer list: its SMTP capture first (Playwright
 * starts web servers in order and before globalSetup, so the shop never starts without a listening
 * SMTP server; it empties its folder and stores each mail as JSON there for
 * tests/e2e/support/mailbox.ts), then the shop with its own database, build, snapshot and mail folder.
 */
function defaultShop(shop: number) {
  const dir = `.data/e2e-${shop}`;
  return [
    // The SMTP capture first: Playwright starts web servers in order and before globalSetup, so the
    // shop never starts without a listening SMTP server. It empties its folder and stores each mail
    // as JSON there for tests/e2e/support/mailbox.ts.
    {
      command: `node tests/support/smtp-capture.ts --port ${shop + 1000} --dir ${dir}/mail`,
      port: shop + 1000,
      timeout: 20_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 2000 },
    },
    {
      // Run through a shell: wipe the e2e database, then start the whole shop on Node 24 (PATH from npm).
      command: startShop(dir),
      // Neither `url` nor `port`: Playwright starts the next web server at once instead of after this
      // one's seed and build, and tests/e2e/support/shops-ready.ts (globalSetup) waits until every shop
      // answers /readyz (so an already running shop is never reused: its port is taken and it fails).
      env: {
        PORT: String(shop),
        DATA_DIR: `${dir}/pglite`,
        // Own build output and content snapshot per port, so two e2e runs (or a run beside npm start) never share files.
        SHOP_DIST_DIR: (shop === port && process.env.SHOP_DIST_DIR) || `${dir}/dist`,
        CONTENT_SNAPSHOT_DIR: `${dir}/snapshot`,
        CHANNEL: 'default',
        // Never inherit a developer's database or external API: e2e runs on its own embedded one.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        API_BASE_URL: '',
        PUBLIC_API_BASE_URL: '',
        // Every mail goes to the capture above; links in mails point at this server.
        SMTP_URL: `smtp://127.0.0.1:${shop + 1000}`,
        MAIL_FROM: '',
        // Every test logs in from 127.0.0.1 and most as demo: the production limits (30 per address,
        // 10 per name in 5 minutes) would refuse the suite's own logins. The API tests cover the limits.
        LOGIN_LIMIT_PER_ADDRESS: '5000',
        LOGIN_LIMIT_PER_ACCOUNT: '1000',
        SITE_URL: `http://localhost:${shop}`,
        // Live rebuilds (tests/e2e/rebuild.spec.ts): the signed webhook on, a fast poll, and the
        // test-only content writes of scripts/host/rebuild-test-hooks.ts (only ever set here).
        REBUILD_SECRET: 'e2e-rebuild-secret-0123456789',
        CONTENT_POLL_MS: '500',
        SHOP_E2E_HOOKS: '1',
      },
      // The first start migrates, seeds and runs astro build; pages answer 503 until then.
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One worker per shop (see `shops` above): the tests of a shop share its server and demo member.
  workers: shops,
  globalSetup: './tests/e2e/support/shops-ready.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${workerShopPort}`,
    browserName: 'chromium',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // Recording a trace of every test costs about a quarter of the suite's CPU (two spec files: 127 ->
    // 97 s of machine CPU); in CI, where a failed test runs again, only that retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // Root needs --no-sandbox; the network flags stop Chromium calling home on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // `default`: the specs against the default channel's shops; `school`: the specs about the school
  // channel and the two builds (one worker: its one shop).
  projects: [
    { name: 'default', testIgnore: SCHOOL_SPECS },
    ...(withSchool ? [{ name: 'school', testMatch: SCHOOL_SPECS, workers: 1, use: { baseURL: schoolURL } }] : []),
  ],
  webServer: [
    ...shopPorts.flatMap(defaultShop),
    ...(withSchool
      ? [
          {
            // The school channel's shop: same start-up as above on its own database, build and snapshot. No
            // SMTP capture (its mail goes to the log), so the default shop's mailbox stays its own.
            command: startShop(schoolDir),
            // Waited for by tests/e2e/support/shops-ready.ts, as the default shops are.
            env: {
              PORT: String(schoolPort),
              DATA_DIR: `${schoolDir}/pglite`,
              SHOP_DIST_DIR: `${schoolDir}/dist`,
              CONTENT_SNAPSHOT_DIR: `${schoolDir}/snapshot`,
              CHANNEL: 'school',
              DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
              API_BASE_URL: '',
              PUBLIC_API_BASE_URL: '',
              SMTP_URL: '',
              MAIL_FROM: '',
              LOGIN_LIMIT_PER_ADDRESS: '5000',
              LOGIN_LIMIT_PER_ACCOUNT: '1000',
              SITE_URL: schoolURL,
            },
            timeout: 180_000,
            reuseExistingServer: !process.env.CI,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
          },
        ]
      : []),
  ],
});
