/**
 * Makes sure the browser tests have Debian's Chromium and a Japanese font (run before `playwright test`).
 * Playwright cannot download its own browsers on these machines, so the system package is used:
 * found when present, installed with apt-get when running as root, otherwise explained (exit 1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Where Debian puts the browser; the second path skips the wrapper script's warning. */
export const chromiumPaths = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];
const cjkFontDirs = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/truetype/noto'];
const packages = ['chromium', 'fonts-noto-cjk'];

/** The first Chromium binary that exists, or undefined. */
export function findChromium(): string | undefined {
  return chromiumPaths.find((path) => existsSync(path));
}

/** Whether a CJK font is installed (without one, Japanese renders as boxes in screenshots). */
export function hasCjkFont(): boolean {
  return cjkFontDirs.some((dir) => existsSync(dir) && readdirSync(dir).some((f) => /CJK/i.test(f)));
}

function hasAptGet(): boolean {
  return ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => existsSync(p));
}

function install(): void {
  console.log(`[ensure-chromium] installing ${packages.join(' ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

function main(): number {
  let chromium = findChromium();
  let font = hasCjkFont();
  if (chromium && font) {
    console.log(`[ensure-chromium] Chromium at ${chromium}, CJK fonts present`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasAptGet()) {
    install();
    chromium = findChromium();
    font = hasCjkFont();
  }
  if (!chromium) {
    const missing = font ? ['chromium'] : packages;
    console.error(
      [
        "[ensure-chromium] The browser tests need Debian's Chromium, which is not installed.",
        `  Missing: ${missing.join(', ')} (looked for ${chromiumPaths.join(' and ')})`,
        '  Install it as root with:',
        `    apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`,
        '  (npx playwright install cannot download browsers on this network.)',
      ].join('\n'),
    );
    return 1;
  }
  if (!font) {
    // Tests read the DOM, not pixels, so they still pass; only screenshots and traces suffer.
    console.warn(
      [
        '[ensure-chromium] No CJK font: Japanese text will render as boxes in screenshots.',
        '  Install it as root with: apt-get install -y --no-install-recommends fonts-noto-cjk',
      ].join('\n'),
    );
  }
  console.log(`[ensure-chromium] Chromium at ${chromium}`);
  return 0;
}

if (import.meta.main) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error('[ensure-chromium] installing Chromium failed:', error instanceof Error ? error.message : error);
    console.error('  Install it by hand: apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-cjk');
    process.exitCode = 1;
  }
}
