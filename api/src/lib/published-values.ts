/**
 * Whether a secret's value is written in the repository, so known to anyone who can read it: the
 * values known today (env.ts's development defaults, the test and example secrets) and, since the
 * shop runs from its sources, a search of the repository's docs, tests, sources and example or
 * compose files present on disk (a secret added to a test or a doc later is refused too). Files an
 * operator keeps beside the sources (`.env`, `.data/`, `dist/`) are not searched.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Development defaults and test or example values written in the repository today. */
export const KNOWN_PUBLISHED = new Map<string, string>([
  ['sk_test_storefront_secret', 'api/src/env.ts'],
  ['sk_test_payments_secret', 'tests/api/payments-support.ts'],
  ['e2e-rebuild-secret-0123456789', 'tests/e2e/support/editor.ts'],
  ['shared-secret-of-this-test', 'tests/api/admin-auth.test.ts'],
  ['S3RVER', 'tests/api/upload-files.test.ts'],
  ['pass', 'docs/configuration.md'],
]);

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const SEARCHED_DIRS = ['docs', 'tests', 'api', 'scripts', 'content-sync', 'contracts', 'src', 'islands', 'themes', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', '.git', 'migrations', 'test-results', 'playwright-report']);
const TEXT = /\.(md|ts|tsx|mts|mjs|js|json|ya?ml|toml|sh|astro|conf|example|sample|template)$|^run$|compose/;
const ROOT_FILE = /(\.(md|ts|mjs|json|ya?ml)|^\.env\.(example|sample|template)|compose.*)$/;
const MAX_BYTES = 1_000_000;

let files: Array<{ path: string; text: string }> | null = null;

function walk(dir: string, out: Array<{ path: string; text: string }>): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) walk(path, out);
    } else if (TEXT.test(name) && stat.size <= MAX_BYTES) {
      out.push({ path: relative(root, path), text: readFileSync(path, 'utf8') });
    }
  }
}

/** The repository's text files (read once, only when a production start asks). */
function repositoryFiles(): Array<{ path: string; text: string }> {
  if (files) return files;
  const out: Array<{ path: string; text: string }> = [];
  for (const name of readdirSync(root)) {
    if (ROOT_FILE.test(name) && name !== 'package-lock.json' && statSync(join(root, name)).isFile()) {
      out.push({ path: name, text: readFileSync(join(root, name), 'utf8') });
    }
  }
  for (const dir of SEARCHED_DIRS) walk(join(root, dir), out);
  return (files = out);
}

/** Where `value` is written in the repository (a file path), or null. */
export function publishedIn(value: string): string | null {
  const known = KNOWN_PUBLISHED.get(value);
  if (known) return known;
  // A value standing alone (quoted, after = or :, in a URL): not a fragment of a longer word.
  const alone = new RegExp(`(^|[^A-Za-z0-9_+/-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_+/-])`);
  return repositoryFiles().find((f) => f.text.includes(value) && alone.test(f.text))?.path ?? null;
}
