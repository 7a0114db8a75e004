/**
 * /mypage/message-center/{id}/: one message (title, date, body). Opening it marks it read (the API
 * does, once). The body is plain text: rendered as text with its line breaks, never as HTML.
 */

import { getSystemMessage, type SystemMessage } from '#api-client/mypage/system-messages.ts';
import { formatDateTime } from '#lib/date.ts';
import { mypageMessageCenterPath } from '#lib/mypage-routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

export default function MessageDetail({ messageId }: { messageId: string }) {
  return (
    <MypageLayout>
      <MessageView messageId={messageId} />
    </MypageLayout>
  );
}

function MessageView({ messageId }: { messageId: string }) {
  const [message, setMessage] = useState<SystemMessage | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getSystemMessage(messageId, { signal: ctl.signal }).then(setMessage, (e: unknown) => {
      if (!ctl.signal.aborted) setError(e);
    });
    return () => ctl.abort();
  }, [messageId]);
  const back = (
    <p>
      <a href={mypageMessageCenterPath}>メッセージ一覧へ戻る</a>
    </p>
  );
  if (error)
    return (
      <div className="stack">
        <ErrorMessage error={error} fallback="メッセージを読み込めませんでした。" />
        {back}
      </div>
    );
  if (!message) return <Loading />;
  return (
    <article className="stack" aria-labelledby="message-title">
      <h2 id="message-title" style={{ margin: 0 }}>
        {message.title}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      <div className="panel message-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </div>
      {back}
    </article>
  );
}
