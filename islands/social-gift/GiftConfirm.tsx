/**
 * /social-gift/{key}/confirm/: the gift, the address and the delivery choice once more, then
 * 「この内容で確定する」 (PUT /v1/social-gifts/{key}, accepted once). A link used meanwhile (another
 * tab, another person) shows the API's notice instead.
 */
import { getSocialGiftProducts, receiveSocialGift } from '#api-client/checkout/social-gift.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { socialGiftPath } from '#lib/routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { deliveryText, finishDraft, readDraft } from './flow.ts';
import GiftNotice from './GiftNotice.tsx';
import GiftProducts from './GiftProducts.tsx';
import { useGiftLoad } from './useGift.ts';

export default function GiftConfirm({ giftKey }: { giftKey: string }) {
  const draft = readDraft(giftKey);
  const missing = !draft?.address ? 'shipping' : !draft.delivery ? 'delivery' : null;
  useEffect(() => {
    if (missing) window.location.replace(socialGiftPath(missing, giftKey));
  }, [missing, giftKey]);
  const loaded = useGiftLoad(giftKey, (signal) => getSocialGiftProducts(giftKey, { signal }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);

  if (missing || loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <GiftNotice error={loaded.error} />;
  if (error instanceof ApiError && error.status === 410) return <GiftNotice error={error} />;
  const address = draft!.address!;
  const delivery = draft!.delivery!;

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const { address2, last_name, first_name, last_name_kana, first_name_kana, postal_code, prefecture, city, address1, phone_number } =
        address;
      await receiveSocialGift(giftKey, {
        shipping: {
          last_name,
          first_name,
          last_name_kana,
          first_name_kana,
          postal_code,
          prefecture,
          city,
          address1,
          address2,
          phone_number,
        },
        delivery_date: delivery.delivery_date,
        delivery_timezone: delivery.delivery_timezone,
      });
      finishDraft(giftKey);
      window.location.assign(socialGiftPath('complete', giftKey));
    } catch (e) {
      setError(e);
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      <h1>入力内容の確認</h1>
      <section aria-labelledby="confirm-gift-items">
        <h2 id="confirm-gift-items">ギフトの内容</h2>
        <GiftProducts items={loaded.data} />
      </section>
      <section aria-labelledby="confirm-gift-address">
        <h2 id="confirm-gift-address">お届け先</h2>
        <p>
          {address.last_name} {address.first_name}（{address.last_name_kana} {address.first_name_kana}）様
          <br />
          {address.full_address}
          <br />
          電話番号：{address.phone_number}
        </p>
        <p>
          <a href={socialGiftPath('shipping', giftKey)}>お届け先を変更する</a>
        </p>
      </section>
      <section aria-labelledby="confirm-gift-delivery">
        <h2 id="confirm-gift-delivery">お届け日時</h2>
        <p>{deliveryText(delivery)}</p>
        <p>
          <a href={socialGiftPath('delivery', giftKey)}>お届け日時を変更する</a>
        </p>
      </section>
      <p className="muted">確定後は変更できません。ご住所は贈り主さまには表示されません。</p>
      <ErrorMessage error={error} fallback="お届け先を登録できませんでした。" />
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
          この内容で確定する
        </button>
      </div>
    </div>
  );
}
