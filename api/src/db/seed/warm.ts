/**
 * Starts the seed's slow hashes (hashes.ts) before the seed runs: `npm start` calls it when the
 * embedded database's folder is new, so the seed that follows finds them done.
 */
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from './editors.ts';
import { warmHash } from './hashes.ts';
import { DEMO } from './members.ts';

export function warmSeedHashes(): void {
  for (const account of [DEV_EDITOR, DEV_STAFF, DEV_ADMIN, DEMO]) warmHash('password', account.password);
  warmHash('answer', DEMO.securityAnswer);
}
