/**
 * /mypage/user_info/ (会員情報): the signed-in member's fields of spec 3 "User" (GET /v1/me/user),
 * with a link to the edit screen. After a save the edit screen comes back here with ?updated=1 and
 * the status line 「会員情報を変更しました」 is announced (the parameter is then dropped from the URL,
 * so a reload does not repeat it).
 */

import { getMe } from '#api-client/account/user.ts';
import type { User } from '#api-client/core/types.ts';
import { GENDERS, NEWSLETTER } from '#contracts/choices.ts';
import { mypageUserInfoEditPath, USER_INFO_UPDATED_PARAM } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

export const UPDATED_MESSAGE = '会員情報を変更しました';

export default function UserInfo() {
  return (
    <MypageLayout>
      <UserInfoScreen />
    </MypageLayout>
  );
}

/** YYYY-MM-DD as the shop shows dates (spec 9: YYYY.MM.DD). */
const showDate = (iso: string | null) => (iso ? iso.slice(0, 10).replaceAll('-', '.') : null);

function UserInfoScreen() {
  const [user, setUser] = useState<User | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [updated] = useState(() => new URLSearchParams(window.location.search).get(USER_INFO_UPDATED_PARAM) === '1');

  useEffect(() => {
    if (updated) {
      const url = new URL(window.location.href);
      url.searchParams.delete(USER_INFO_UPDATED_PARAM);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    const abort = new AbortController();
    getMe({ signal: abort.signal }).then(setUser, (e) => {
      if (!abort.signal.aborted) setError(e);
    });
    return () => abort.abort();
  }, [updated]);

  if (error) return <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />;
  if (!user) return <Loading />;

  const rows: Array<[string, string | null]> = [
    ['ログインID', user.username],
    ['お名前', `${user.last_name} ${user.first_name}`],
    ['フリガナ', `${user.last_name_kana} ${user.first_name_kana}`],
    ['メールアドレス', user.email],
    ['電話番号', user.phone_number],
    ['携帯電話番号', user.cell_phone_number],
    ['連絡先電話番号', user.contact_phone_number],
    ['FAX番号', user.fax],
    ['学校名', user.school],
    ['職業', user.job],
    ['性別', user.gender ? (GENDERS[user.gender as keyof typeof GENDERS] ?? null) : null],
    ['生年月日', showDate(user.birthday)],
    ['メールマガジン', NEWSLETTER[user.newsletter as keyof typeof NEWSLETTER] ?? null],
    ['会員区分', user.is_registered_member ? '本会員' : '仮会員（メールアドレスの確認待ち）'],
  ];

  return (
    <div className="stack">
      {updated && (
        <p className="notice" role="status">
          {UPDATED_MESSAGE}
        </p>
      )}
      <dl className="totals panel user-info">
        {rows.flatMap(([label, value]) => [
          <dt key={`${label}-t`}>{label}</dt>,
          <dd key={`${label}-d`}>{value?.trim() ? value : '未登録'}</dd>,
        ])}
      </dl>
      <p>
        <a className="btn btn-primary" href={mypageUserInfoEditPath}>
          会員情報を変更する
        </a>
      </p>
    </div>
  );
}
