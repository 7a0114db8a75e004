/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1). The parameters are
 * stored in the hash so they can be raised later without invalidating existing passwords.
 * Every derivation runs on the bounded KDF worker pool (services/passwords/kdf), never on libuv's threadpool.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type KdfPool, kdfPool } from './kdf/pool.ts';

/**
 * scrypt's N: 2^17. Only the API test suite may lower it (SCRYPT_LOG2_N, 10-17, honoured only under
 * vitest; vitest.config.ts sets 12 for the `api` project), since a suite of hundreds of logins at
 * 0.3 s a hash measures scrypt, not the shop. tests/api/auth-kdf.test.ts runs at the real cost and
 * pins it. Read per call, so a test file can raise it back.
 */
function costN(): number {
  const log2 = process.env.VITEST ? Number(process.env.SCRYPT_LOG2_N) : Number.NaN;
  return Number.isInteger(log2) && log2 >= 10 && log2 < 17 ? 2 ** log2 : 2 ** 17;
}
const r = 8;
const p = 1;
const KEYLEN = 32;

function derive(pool: KdfPool, password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return pool.derive({
    password: password.normalize('NFKC'),
    salt,
    keylen: KEYLEN,
    N: n,
    r: rr,
    p: pp,
    maxmem: 256 * n * rr + 1024 * 1024,
  });
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). Rejects with 429 when the KDF queue is full. */
export async function hashPassword(password: string, pool: KdfPool = kdfPool()): Promise<string> {
  const salt = randomBytes(16);
  const N = costN();
  const key = await derive(pool, password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time check of `password` against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string, pool: KdfPool = kdfPool()): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, rr, pp] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await derive(pool, password, salt, n, rr, pp);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to compare against when the user does not exist, so timing does not reveal it: the same
 * parameters with a random salt and key, so verifying costs one real scrypt and never matches.
 */
export const DUMMY_HASH = `scrypt$${costN()}$${r}$${p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEYLEN).toString('base64url')}`;

/** The form a security answer is compared in: 「ポチ」, 「 ﾎﾟﾁ 」 and 「ぽち」 differ, but case and width do not. */
export const normaliseAnswer = (answer: string) => answer.normalize('NFKC').trim().toLowerCase();

/** Hashes a security answer (normalised) like a password. */
export const hashAnswer = (answer: string, pool?: KdfPool) => hashPassword(normaliseAnswer(answer), pool);

/** Checks a security answer against its hash, normalised the same way. */
export const verifyAnswer = (answer: string, stored: string, pool?: KdfPool) => verifyPassword(normaliseAnswer(answer), stored, pool);

/**
 * A stored hash no password matches (guests, withdrawn members): not in the scrypt format, so
 * verifyPassword refuses it at once.
 */
export const unusablePasswordHash = () => `none$${randomBytes(16).toString('base64url')}`;
