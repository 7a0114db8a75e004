/**
 * The account mails (plain-text Japanese), one function per template, each returning { subject, body }.
 * Links stand on their own line so every mail client makes them clickable; each says how long it works.
 */
import { TOKEN_TTL } from '#contracts/account.ts';

export interface MailText {
  subject: string;
  body: string;
}

/** Who a mail is for: the shop name (SITE.NAME) and the member's name as the mail addresses them. */
export interface Addressee {
  siteName: string;
  name: string;
}

/** "24時間" / "1時間" / "10分". */
export function validityText(seconds: number): string {
  return seconds >= 3600 && seconds % 3600 === 0 ? `${seconds / 3600}時間` : `${Math.round(seconds / 60)}分`;
}

const footer = (siteName: string) => [
  '',
  '※本メールにお心当たりのない場合は、お手数ですが本メールを破棄してください。',
  '※本メールは送信専用です。',
  '',
  siteName,
];

const greeting = (a: Addressee) => [`${a.name} 様`, ''];

/** Template `email_verify`: the link that confirms a new member's address. */
export function emailVerifyMail(a: Addressee, url: string): MailText {
  return {
    subject: `【${a.siteName}】メールアドレスのご確認`,
    body: [
      ...greeting(a),
      `${a.siteName}への会員登録ありがとうございます。`,
      '以下のリンクを開いて、メールアドレスの確認を完了してください。',
      '',
      url,
      '',
      `このリンクの有効期限は${validityText(TOKEN_TTL.emailVerify)}です。期限が過ぎた場合は、ログイン後に確認メールを再送してください。`,
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/** Template `welcome`: registration complete (no verification step). */
export function welcomeMail(a: Addressee & { username: string }, loginUrl: string): MailText {
  return {
    subject: `【${a.siteName}】会員登録が完了しました`,
    body: [
      ...greeting(a),
      `${a.siteName}への会員登録ありがとうございます。会員登録が完了しました。`,
      '',
      `ログインID：${a.username}`,
      '',
      'ログインはこちらから',
      loginUrl,
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/** Template `login_code`: the 6-digit code of the login's verification step. */
export function loginCodeMail(a: Addressee, code: string): MailText {
  return {
    subject: `【${a.siteName}】ログイン認証コード`,
    body: [
      ...greeting(a),
      'ログインの認証コードをお知らせします。ログイン画面に以下のコードを入力してください。',
      '',
      `認証コード：${code}`,
      '',
      `この認証コードの有効期限は${validityText(TOKEN_TTL.loginCode)}です。`,
      'ログインした覚えがない場合は、パスワードを変更してください。',
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/** Template `unlock`: the account was locked after repeated failed logins. */
export function unlockMail(a: Addressee, url: string): MailText {
  return {
    subject: `【${a.siteName}】アカウントのロック解除のご案内`,
    body: [
      ...greeting(a),
      'ログインに続けて失敗したため、お客様のアカウントを一時的にロックしました。',
      '以下のリンクを開くと、すぐにロックを解除できます。',
      '',
      url,
      '',
      `このリンクの有効期限は${validityText(TOKEN_TTL.unlock)}です。`,
      'ログインを試みた覚えがない場合は、ロック解除後にパスワードを変更してください。',
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/** Template `reminder_password`: the link to set a new password. */
export function reminderPasswordMail(a: Addressee, url: string): MailText {
  return {
    subject: `【${a.siteName}】パスワード再設定のご案内`,
    body: [
      ...greeting(a),
      'パスワード再設定のお申し込みを受け付けました。',
      '以下のリンクを開いて、新しいパスワードを設定してください。',
      '',
      url,
      '',
      `このリンクの有効期限は${validityText(TOKEN_TTL.reminder)}です。`,
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/** Template `reminder_username`: the link that shows the login ID. */
export function reminderUsernameMail(a: Addressee, url: string): MailText {
  return {
    subject: `【${a.siteName}】ログインIDのご案内`,
    body: [
      ...greeting(a),
      'ログインIDの確認のお申し込みを受け付けました。',
      '以下のリンクを開いて、ログインIDをご確認ください。',
      '',
      url,
      '',
      `このリンクの有効期限は${validityText(TOKEN_TTL.reminder)}です。`,
      ...footer(a.siteName),
    ].join('\n'),
  };
}

/**
 * Template `email_taken`: a registration was made with an address a member already uses. It goes to
 * that address instead of a verification link (the registration's answer is the same either way, so
 * nobody learns whether the address is a member's); it names no login ID and points to the reminders.
 */
export function emailTakenMail(a: Addressee, reminderUrl: string, usernameReminderUrl: string): MailText {
  return {
    subject: `【${a.siteName}】会員登録のお申し込みについて`,
    body: [
      ...greeting(a),
      `${a.siteName}で、このメールアドレスによる会員登録のお申し込みがありましたが、このメールアドレスは既に会員登録されています。`,
      '新しい会員登録は行われていません。ご登録済みのアカウントでログインしてください。',
      '',
      'パスワードをお忘れの場合は、以下のページから再設定できます。',
      reminderUrl,
      '',
      'ログインIDをお忘れの場合は、以下のページからご確認いただけます。',
      usernameReminderUrl,
      ...footer(a.siteName),
    ].join('\n'),
  };
}
