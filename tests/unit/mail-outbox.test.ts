/** The outbox worker's pure rules: retry backoff, the recorded error, and what console mode prints. */
import { describe, expect, it } from 'vitest';
import { consoleLines, urlsIn } from '../../api/src/services/outbox/console.ts';
import { retryDelayMs, shortError } from '../../api/src/services/outbox/retry.ts';

describe('retryDelayMs', () => {
  it('starts at 30 s and doubles per failure', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits more than an hour, however many failures', () => {
    expect(retryDelayMs(8)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(10_000)).toBe(60 * 60 * 1000);
  });

  it('takes another base and cap (tests)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 100, 300))).toEqual([100, 200, 300, 300]);
  });
});

describe('shortError', () => {
  it('keeps the SMTP reply of a nodemailer error', () => {
    const e = Object.assign(new Error('Message failed: 451 4.3.0 try later'), {
      code: 'EMESSAGE',
      response: '451 4.3.0 try later',
      responseCode: 451,
    });
    expect(shortError(e)).toBe('EMESSAGE: 451 4.3.0 try later');
  });

  it('names a connection failure by code and message on one line, at most 500 characters', () => {
    const e = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1\n  at x'), { code: 'ESOCKET' });
    expect(shortError(e)).toBe('ESOCKET: connect ECONNREFUSED 127.0.0.1:1 at x');
    expect(shortError(new Error('x'.repeat(2000)))).toHaveLength(500);
  });
});

describe('console mode', () => {
  it('prints the recipient and subject, then each link of the body on its own line', () => {
    const body = [
      '山田 太郎 様',
      '以下のURLからメールアドレスを認証してください。',
      'http://localhost:4321/verify/email?token=abc-DEF_123',
      '（有効期限：24時間）詳しくはhttps://example.jp/faq/。',
      '同じリンク：http://localhost:4321/verify/email?token=abc-DEF_123',
    ].join('\n');
    expect(consoleLines({ to_address: 'taro@example.jp', subject: '【ショップ】メールアドレスのご確認', body })).toEqual([
      '[mail] to taro@example.jp: 【ショップ】メールアドレスのご確認',
      '  http://localhost:4321/verify/email?token=abc-DEF_123',
      '  https://example.jp/faq/',
    ]);
  });

  it('prints only the subject line when the body has no link', () => {
    expect(consoleLines({ to_address: 'a@example.jp', subject: 'ご注文ありがとうございます', body: '本文' })).toEqual([
      '[mail] to a@example.jp: ご注文ありがとうございます',
    ]);
    expect(urlsIn('ftp://x mailto:a@b')).toEqual([]);
  });
});
