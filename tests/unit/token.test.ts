import { describe, expect, it } from 'vitest';
import { computeExpiresAt, isTokenExpired, TOKEN_SAFETY_MARGIN_MS } from '#api-client/core/token.ts';

const NOW = Date.UTC(2026, 0, 1);

describe('token expiry (spec 4, 9: 5 s safety margin)', () => {
  it("expires 5 s before the server's stated lifetime", () => {
    expect(TOKEN_SAFETY_MARGIN_MS).toBe(5000);
    expect(computeExpiresAt({ expires_in: 3600 }, NOW)).toBe(NOW + 3_600_000 - 5000);
  });

  it('falls back to expires_at when the lifetime is missing', () => {
    expect(computeExpiresAt({ expires_at: '2026-01-01T01:00:00.000Z' }, NOW)).toBe(NOW + 3_600_000 - 5000);
  });

  it('treats a token without any expiry as already expired', () => {
    expect(computeExpiresAt({}, NOW)).toBe(NOW);
  });

  it('is expired at and after the stored expiry', () => {
    expect(isTokenExpired(NOW, NOW)).toBe(true);
    expect(isTokenExpired(NOW + 1, NOW)).toBe(false);
  });
});
