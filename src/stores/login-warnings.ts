/**
 * The notices shown after a login (spec 3 hasPasswordExpired, hasMailErrorCountOver), apart from
 * session-actions.ts so that the pages showing them (LoginWarning) do not load the login call and the
 * cart store with it.
 */
import type { LoginResponse } from '#contracts/auth.ts';

export const LOGIN_WARNINGS = {
  passwordExpired: {
    message: 'パスワードの有効期限が切れています。パスワードを変更してください。',
    href: '/mypage/password/',
    link: 'パスワードを変更する',
  },
  mailErrorCountOver: {
    message: 'メールが届かない状態です。メールアドレスをご確認ください。',
    href: '/mypage/user_info/edit/',
    link: '会員情報を変更する',
  },
} as const;

/** The warning a login answer calls for, or null. */
export function loginWarning(response: Pick<LoginResponse, 'has_password_expired' | 'has_mail_error_count_over'>): string | null {
  if (response.has_password_expired) return LOGIN_WARNINGS.passwordExpired.message;
  if (response.has_mail_error_count_over) return LOGIN_WARNINGS.mailErrorCountOver.message;
  return null;
}
