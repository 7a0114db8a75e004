/**
 * /social-gift/{key}/delivery/: the delivery date and time slot, from the dates the shop's calendar
 * and lead times allow for the receiver's prefecture (GET /v1/shipping-leadtime/input/{key});
 * 「指定なし」 for either. The API confirms the choice (POST /check/delivery) before the last step.
 */

import type { SubmitEvent } from 'react';
import { checkSocialGiftDelivery, getSocialGiftLeadtime } from '#api-client/checkout/social-gift.ts';
import { socialGiftPath } from '#lib/routes.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useId, useState } from '../common/react.ts';
import { formatGiftDate, readDraft, writeDraft } from './flow.ts';
import GiftNotice from './GiftNotice.tsx';
import { useGiftLoad } from './useGift.ts';

export default function GiftDelivery({ giftKey }: { giftKey: string }) {
  const draft = readDraft(giftKey);
  const prefecture = draft?.address?.prefecture ?? null;
  useEffect(() => {
    if (!prefecture) window.location.replace(socialGiftPath('shipping', giftKey));
  }, [prefecture, giftKey]);
  if (!prefecture) return <Loading />;
  return <DeliveryForm giftKey={giftKey} prefecture={prefecture} />;
}

function DeliveryForm({ giftKey, prefecture }: { giftKey: string; prefecture: string }) {
  const id = useId();
  const loaded = useGiftLoad(giftKey, (signal) => getSocialGiftLeadtime(giftKey, prefecture, { signal }));
  const saved = readDraft(giftKey)?.delivery;
  const [date, setDate] = useState(saved?.delivery_date ?? '');
  const [timezone, setTimezone] = useState(saved?.delivery_timezone ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <GiftNotice error={loaded.error} />;
  const choices = loaded.data;

  async function next(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const delivery = await checkSocialGiftDelivery({
        token: giftKey,
        prefecture,
        delivery_date: date || null,
        delivery_timezone: timezone || null,
      });
      const draft = readDraft(giftKey) ?? { key: giftKey };
      writeDraft({ ...draft, key: giftKey, delivery });
      window.location.assign(socialGiftPath('confirm', giftKey));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <form className="form stack" onSubmit={next} noValidate>
      <h1>お届け日時の指定</h1>
      {choices.earliest && (
        <p>
          最短のお届け日は{formatGiftDate(choices.earliest)}です（{prefecture}）。
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-date`}>お届け希望日</label>
        <select id={`${id}-date`} value={date} onChange={(e) => setDate(e.target.value)}>
          <option value="">指定なし</option>
          {choices.dates.map((d) => (
            <option key={d} value={d}>
              {formatGiftDate(d)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>お届け時間帯</label>
        <select id={`${id}-time`} value={timezone} onChange={(e) => setTimezone(e.target.value)}>
          <option value="">指定なし</option>
          {choices.timezones.map((t) => (
            <option key={t.code} value={t.code}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage error={error} fallback="お届け日時を確認できませんでした。" />
      <div className="actions">
        <a className="btn" href={socialGiftPath('shipping', giftKey)}>
          戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}
