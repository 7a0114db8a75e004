/** The SMTP capture's decoder (tests/support/mime.ts) reads what nodemailer writes, and the usual hand-made cases. */
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeMessage, decodeQuotedPrintable } from '../support/mime.ts';

async function compose(opts: ConstructorParameters<typeof MailComposer>[0]): Promise<string> {
  const buf = await new MailComposer(opts).compile().build();
  return buf.toString('utf8');
}

describe('decodeMessage', () => {
  it('round-trips a Japanese subject, sender name and body written by nodemailer', async () => {
    const body = 'ご登録ありがとうございます。\n以下のURLから認証してください。\nhttp://localhost:4441/verify/email?token=abc_123\n'.repeat(
      3,
    );
    const raw = await compose({
      from: { name: 'サンプルショップ', address: 'shop@example.jp' },
      to: 'taro@example.jp',
      subject: '【サンプルショップ】メールアドレスのご確認（長い件名が折り返されても正しく読めること）',
      text: body,
    });
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const m = decodeMessage(raw);
    expect(m.subject).toBe('【サンプルショップ】メールアドレスのご確認（長い件名が折り返されても正しく読めること）');
    expect(m.from).toBe('サンプルショップ <shop@example.jp>');
    expect(m.text).toBe(body.replace(/\n$/, ''));
  });

  it('reads a quoted-printable body with soft line breaks', async () => {
    const text = `Hello ${'x'.repeat(100)} ¥1,000 end`;
    const raw = await compose({ from: 'a@example.jp', to: 'b@example.jp', subject: 'qp', text, textEncoding: 'quoted-printable' });
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(decodeMessage(raw).text).toBe(text);
  });

  it('reads a base64 body', async () => {
    const text = '注文番号：A-001\nお支払い合計：¥3,300（税込）';
    const raw = await compose({ from: 'a@example.jp', to: 'b@example.jp', subject: 'b64', text, textEncoding: 'base64' });
    expect(raw).toMatch(/Content-Transfer-Encoding: base64/i);
    expect(decodeMessage(raw).text).toBe(text);
  });

  it('takes the text/plain part of a multipart message', async () => {
    const raw = await compose({ from: 'a@example.jp', to: 'b@example.jp', subject: 'alt', text: 'テキスト本文', html: '<p>HTML本文</p>' });
    expect(raw).toMatch(/multipart\/alternative/);
    expect(decodeMessage(raw).text).toBe('テキスト本文');
  });

  it('reads a plain 7-bit message with folded headers', () => {
    const raw = 'From: a@example.jp\r\nSubject: a folded\r\n subject\r\nContent-Type: text/plain\r\n\r\nline 1\r\nline 2\r\n';
    expect(decodeMessage(raw)).toMatchObject({ subject: 'a folded subject', from: 'a@example.jp', text: 'line 1\nline 2' });
  });
});

describe('encoded words and quoted-printable', () => {
  it('decodes B and Q words and drops the space between adjacent words', () => {
    const b = Buffer.from('ご注文', 'utf8').toString('base64');
    expect(decodeEncodedWords(`=?UTF-8?B?${b}?= =?utf-8?Q?=E3=81=82_x?= plain`)).toBe('ご注文あ x plain');
  });

  it('decodes =XX escapes and soft breaks to bytes', () => {
    expect(new TextDecoder().decode(decodeQuotedPrintable('=E3=81=82=\r\nb=3D'))).toBe('あb=');
  });
});
