/** /social-gift/{key}/complete/: the gift is received; the delivery choice (never the address, which the link does not give back). */
import { getSocialGiftComplete } from '#api-client/checkout/social-gift.ts';
import { homePath } from '#lib/routes.ts';
import Loading from '../common/Loading.tsx';
import { deliveryText } from './flow.ts';
import GiftNotice from './GiftNotice.tsx';
import { useGiftLoad } from './useGift.ts';

export default function GiftComplete({ giftKey }: { giftKey: string }) {
  const loaded = useGiftLoad(giftKey, (signal) => getSocialGiftComplete(giftKey, { signal }));
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <GiftNotice error={loaded.error} />;
  return (
    <div className="stack complete">
      <h1>お届け先の入力が完了しました</h1>
      <p role="status">ギフトのお受け取り手続きが完了しました。準備が整い次第、商品を発送いたします。</p>
      <p>お届け日時：{deliveryText(loaded.data)}</p>
      <p className="muted">贈り主さまには、お届け先が入力されたことのみをお知らせします（ご住所はお知らせしません）。</p>
      <p>
        <a className="btn" href={homePath}>
          トップページへ
        </a>
      </p>
    </div>
  );
}
