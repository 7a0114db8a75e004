/**
 * /mypage/message-center/ (メッセージ): the member's messages, newest first, 10 per page, each with
 * 「未読」 until opened, its title (a link to the message) and date. Titles are shown as text.
 */
import { listSystemMessages } from '#api-client/mypage/system-messages.ts';
import { formatDateTime } from '#lib/date.ts';
import { mypageMessageCenterPath, mypageMessageDetailPath } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { Pager, usePaged } from './discovery/shared.tsx';
import MypageLayout from './MypageLayout.tsx';

const UNREAD_BADGE = {
  display: 'inline-block',
  padding: '0 .5em',
  borderRadius: '.25rem',
  fontSize: '.8rem',
  background: 'var(--color-accent)',
  color: 'var(--color-on-accent)',
} as const;

export default function MessageCenter() {
  return (
    <MypageLayout>
      <MessageList />
    </MypageLayout>
  );
}

function MessageList() {
  const { data, error } = usePaged((page) => listSystemMessages({ page }));
  if (error) return <ErrorMessage error={error} fallback="メッセージを読み込めませんでした。" />;
  if (!data) return <Loading />;
  if (data.items.length === 0) return <p className="panel">メッセージはありません。</p>;
  return (
    <div className="stack">
      <p className="muted" style={{ margin: 0 }}>
        全{data.pagination.total}件
      </p>
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="メッセージ一覧">
        {data.items.map((m) => (
          <li key={m.id} className="panel message-row" data-read={m.is_read ? 'true' : 'false'}>
            <p style={{ margin: 0 }}>
              {!m.is_read && (
                <span className="message-unread" style={UNREAD_BADGE}>
                  未読
                </span>
              )}{' '}
              <a href={mypageMessageDetailPath(m.id)} style={{ fontWeight: m.is_read ? 'normal' : 'bold' }}>
                {m.title}
              </a>
            </p>
            <p className="muted" style={{ margin: 0, fontSize: '.85rem' }}>
              <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            </p>
          </li>
        ))}
      </ul>
      <Pager pagination={data.pagination} base={mypageMessageCenterPath} label="メッセージ一覧" />
    </div>
  );
}
