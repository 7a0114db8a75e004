/** A notice instead of a step: an unknown, used or expired link (the API's Japanese message), or a missing key. */
import { firstErrorMessage } from '#api-client/core/errors.ts';
import { homePath } from '#lib/routes.ts';

/** The notice's heading for an API failure code. */
export function noticeTitle(code: string | undefined): string {
  if (code === 'social_gift.received') return 'このギフトはお受け取り手続き済みです';
  if (code === 'social_gift.expired') return 'お受け取り期限を過ぎています';
  if (code === 'social_gift.cancelled') return 'このギフトはお受け取りいただけません';
  if (code === 'social_gift.not_found') return 'ギフトが見つかりません';
  return 'ギフトを表示できませんでした';
}

export default function GiftNotice({ title, message, error }: { title?: string; message?: string; error?: unknown }) {
  const code = (error as { code?: string } | undefined)?.code;
  return (
    <div className="stack">
      <h1>{title ?? noticeTitle(code)}</h1>
      <p className="notice" role="alert">
        {message ?? firstErrorMessage(error, '通信できませんでした。時間をおいてページを再読み込みしてください。')}
      </p>
      <p>
        <a className="btn" href={homePath}>
          トップページへ
        </a>
      </p>
    </div>
  );
}
