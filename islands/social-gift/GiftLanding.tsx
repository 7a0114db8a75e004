/** /social-gift/{key}/: who sent the gift, the message, what it is, the expiry; 「お届け先を入力する」. */
import { getSocialGiftProducts, getSocialGiftShipping } from '#api-client/checkout/social-gift.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { socialGiftPath } from '#lib/routes.ts';
import Loading from '../common/Loading.tsx';
import { useEffect } from '../common/react.ts';
import { readDraft, writeDraft } from './flow.ts';
import GiftNotice from './GiftNotice.tsx';
import GiftProducts from './GiftProducts.tsx';
import { useGiftLoad } from './useGift.ts';

export default function GiftLanding({ giftKey }: { giftKey: string }) {
  const loaded = useGiftLoad(giftKey, (signal) =>
    Promise.all([getSocialGiftShipping(giftKey, { signal }), getSocialGiftProducts(giftKey, { signal })]),
  );
  useEffect(() => {
    // A link opened in this tab starts its own draft (keeping one already begun for the same link).
    if (loaded.state === 'ok' && !readDraft(giftKey)) writeDraft({ key: giftKey });
  }, [loaded.state, giftKey]);

  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <GiftNotice error={loaded.error} />;
  const [gift, items] = loaded.data;
  const expires = formatJstDateTime(gift.expires_at);
  return (
    <div className="stack">
      <h1>{gift.sender_name ? `${gift.sender_name}さまからギフトが届いています` : 'ギフトが届いています'}</h1>
      <p>{gift.shop_name}からのお届けです。お届け先とお届け日時を入力すると、商品を発送いたします。</p>
      {gift.message && (
        <section aria-labelledby="gift-message" className="panel">
          <h2 id="gift-message">メッセージ</h2>
          <p className="pre-line">{gift.message}</p>
        </section>
      )}
      <section aria-labelledby="gift-items">
        <h2 id="gift-items">ギフトの内容</h2>
        <GiftProducts items={items} />
      </section>
      <p>お受け取り期限：{expires}</p>
      <p className="muted">ご入力いただいたご住所は、贈り主さまには表示されません。</p>
      <div className="actions">
        <a className="btn btn-primary" href={socialGiftPath('shipping', giftKey)}>
          お届け先を入力する
        </a>
      </div>
    </div>
  );
}
