/**
 * The seed's password and security-answer hashes (scrypt at the real cost, a fresh salt each). warm.ts
 * may start them ahead of the seed: on a first `npm start` they run on the KDF workers while PGlite's
 * initdb and the API's modules load, instead of inside the seed transaction afterwards. A warmed hash
 * is taken by one seed only; any other seed (the tests seed many shops) hashes afresh.
 */
import { hashAnswer, hashPassword } from '../../services/passwords/index.ts';

const warmed = new Map<string, Promise<string>>();

function take(kind: 'password' | 'answer', secret: string): Promise<string> {
  const key = `${kind}:${secret}`;
  const early = warmed.get(key);
  warmed.delete(key);
  return early ?? (kind === 'password' ? hashPassword(secret) : hashAnswer(secret));
}

export const seedPasswordHash = (password: string) => take('password', password);
export const seedAnswerHash = (answer: string) => take('answer', answer);

/** Starts a hash for the next seed to take; its error, if any, surfaces when the seed awaits it. */
export function warmHash(kind: 'password' | 'answer', secret: string): void {
  const key = `${kind}:${secret}`;
  if (warmed.has(key)) return;
  const hashed = kind === 'password' ? hashPassword(secret) : hashAnswer(secret);
  hashed.catch(() => {}); // not an unhandled rejection while nobody awaits it yet
  warmed.set(key, hashed);
}
