/**
 * The gift link's secret: 32 random bytes in the URL, only their SHA-256 in the database, so a copy
 * of the database cannot open anyone's gift. The secret is shown once (the decision's answer and the
 * sender's mail) and can never be read back.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new link secret (base64url, 43 characters). */
export const newGiftSecret = (): string => randomBytes(32).toString('base64url');

/** The stored form of a secret. */
export const hashGiftSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
