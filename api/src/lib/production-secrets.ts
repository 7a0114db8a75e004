/**
 * The start-up check of every entry point under NODE_ENV=production: each secret the process reads
 * must be set, at least 16 characters, and not a value written anywhere in the repository (env.ts's
 * development default, docs, tests, examples), since anyone can read those and sign callbacks,
 * 3-D Secure results, rebuild webhooks or internal calls with them; and the built-in test payment
 * provider runs only when PAYMENT_PROVIDER=test is set explicitly. Development (NODE_ENV unset)
 * keeps its defaults and made-up secrets. One line per refused variable, then exit 1.
 */
import { publishedIn } from './published-values.ts';

type Env = Record<string, string | undefined>;

/** Secrets (and the provider switch) an entry point can ask to be checked. */
export type CheckedSetting =
  | 'PAYMENT_PROVIDER'
  | 'PAYMENT_PROVIDER_SECRET'
  | 'SHOP_INTERNAL_SECRET'
  | 'REBUILD_SECRET'
  | 'S3_SECRET_ACCESS_KEY'
  | 'EDITOR_PASSWORD'
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'SMTP_URL'
  | 'METRICS_TOKEN';

/** What the Shop API reads (npm run api, and npm start / the cluster with the embedded API). */
export const API_SETTINGS: readonly CheckedSetting[] = [
  'PAYMENT_PROVIDER',
  'PAYMENT_PROVIDER_SECRET',
  'SHOP_INTERNAL_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
];
/** What the storefront server reads (its internal calls and the rebuild webhook). */
export const STOREFRONT_SETTINGS: readonly CheckedSetting[] = ['SHOP_INTERNAL_SECRET', 'REBUILD_SECRET', 'METRICS_TOKEN'];
/** Both: npm start with its embedded API, and the cluster, which hands its environment to every process. */
export const SHOP_SETTINGS: readonly CheckedSetting[] = [...new Set([...API_SETTINGS, ...STOREFRONT_SETTINGS])];

const MIN_LENGTH = 16;
const HOW: Record<string, string> = {
  PAYMENT_PROVIDER_SECRET: "set the payment provider's own secret key",
  SHOP_INTERNAL_SECRET: "set one random value shared by the shop's processes (openssl rand -base64 32)",
  REBUILD_SECRET: 'set a random value (openssl rand -base64 32) and sign the rebuild webhook with it',
  S3_SECRET_ACCESS_KEY: "set the bucket's own secret key",
  EDITOR_PASSWORD: 'choose another password (or leave it unset to be asked on the terminal)',
  METRICS_TOKEN: 'set a random value of 32 characters or more (openssl rand -base64 32), or leave it unset and scrape METRICS_PORT',
};
/** Longer minimums: the metrics token guards an endpoint on the public port. */
const MIN_LENGTHS: Record<string, number> = { METRICS_TOKEN: 32 };
/** Settings that may stay unset: S3 only when S3 is configured; the editor password is then asked for; no metrics token: no /metrics on the main port. */
const optional = (name: string, value: (n: string) => string | undefined) =>
  name === 'EDITOR_PASSWORD' ||
  name === 'METRICS_TOKEN' ||
  (name === 'S3_SECRET_ACCESS_KEY' && !(value('S3_ENDPOINT') || value('S3_BUCKET') || value('S3_ACCESS_KEY_ID')));

/** Why a secret's value is refused, or null. */
function secretProblem(name: string, value: string | undefined, required: boolean): string | null {
  if (!value) return required ? `unset; ${HOW[name]}` : null;
  const where = publishedIn(value);
  if (where) return `equals a value written in the repository (${where}); ${HOW[name]}`;
  // The editor password has its own rule (12 characters, services/admin/auth/create-editor.ts).
  const min = MIN_LENGTHS[name] ?? MIN_LENGTH;
  if (value.length < min && name !== 'EDITOR_PASSWORD') return `shorter than ${min} characters; ${HOW[name]}`;
  return null;
}

/** Why the password inside a connection URL is refused (a published one), or null. */
function urlPasswordProblem(value: string | undefined): string | null {
  if (!value) return null;
  let password: string;
  try {
    password = decodeURIComponent(new URL(value).password);
  } catch {
    return null; // env.ts reports a malformed URL itself
  }
  const where = password ? publishedIn(password) : null;
  return where ? `its password equals a value written in the repository (${where}); set the server's own password` : null;
}

/** The refused settings among `checked`, one `NAME: why` line each; empty outside production. */
export function productionProblems(checked: readonly CheckedSetting[], env: Env = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const value = (name: string) => (env[name] ? env[name] : undefined);
  const lines: string[] = [];
  for (const name of checked) {
    let problem: string | null = null;
    if (name === 'PAYMENT_PROVIDER') {
      problem = value(name) ? null : 'unset; the built-in test payment provider starts only with PAYMENT_PROVIDER=test set explicitly';
    } else if (name === 'DATABASE_URL' || name === 'REDIS_URL' || name === 'SMTP_URL') {
      problem = urlPasswordProblem(value(name));
    } else {
      problem = secretProblem(name, value(name), !optional(name, value));
    }
    if (problem) lines.push(`${name}: ${problem}`);
  }
  return lines;
}

/**
 * Stops the process before it starts anything when `productionProblems` finds any: the first line
 * says why, then one indented line per variable (the format of the other start-up errors).
 */
export function refuseUnsafeProduction(label: string, checked: readonly CheckedSetting[], env: Env = process.env): void {
  const lines = productionProblems(checked, env);
  if (!lines.length) return;
  console.error(`[${label}] failed to start: NODE_ENV=production needs the shop's own secrets:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  process.exit(1);
}
