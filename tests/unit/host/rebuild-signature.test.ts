import { describe, expect, it } from 'vitest';
import { signRebuildRequest, verifyRebuildSignature } from '../../../scripts/host/rebuild-signature.ts';

const secret = 'test-secret-0123456789';
const body = '{"reason":"editor"}';
const now = 1_800_000_000;

describe('rebuild webhook signature (HMAC-SHA256 over timestamp and body)', () => {
  it('accepts a request signed with the secret within five minutes', () => {
    const header = signRebuildRequest(secret, body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyRebuildSignature(secret, header, body, now)).toEqual({ ok: true });
    expect(verifyRebuildSignature(secret, header, body, now + 299)).toEqual({ ok: true });
    expect(verifyRebuildSignature(secret, header, body, now - 299)).toEqual({ ok: true });
  });

  it('refuses a missing, malformed, stale, or wrong signature', () => {
    const header = signRebuildRequest(secret, body, now);
    expect(verifyRebuildSignature(secret, undefined, body, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyRebuildSignature(secret, 'sha256=abc', body, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyRebuildSignature(secret, header, body, now + 301)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyRebuildSignature('other-secret', header, body, now)).toEqual({ ok: false, reason: 'mismatch' });
    // The body and the timestamp are both signed: changing either breaks the signature.
    expect(verifyRebuildSignature(secret, header, '{"reason":"other"}', now)).toEqual({ ok: false, reason: 'mismatch' });
    const moved = header.replace('t=1800000000', 't=1800000001');
    expect(verifyRebuildSignature(secret, moved, body, now)).toEqual({ ok: false, reason: 'mismatch' });
  });
});
