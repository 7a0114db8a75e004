/**
 * Checkout step /cart/shipping-detail/: per shipment, the delivery date and time (from the lead-time
 * call: only choosable dates are offered, 「指定なし」 first), the wrapping and のし with their fees;
 * then the 備考. Every shopper passes it after the address step (one address or several, members and
 * guest purchases); everything may stay 「指定なし」. 「次へ」 saves them on the cart and goes on to the
 * payment step. A social gift has no shipment yet (the receiver chooses the date), so it goes on at once.
 */

import type { SubmitEvent } from 'react';
import { addCartPacking, getCartLeadtimes, modifyCartOther, modifyCartShipping } from '#api-client/checkout/delivery.ts';
import type { CartDelivery } from '#api-client/core/types.ts';
import { formatDayWithWeekday } from '#contracts/dates.ts';
import { NOSHI_NAME_MAX, OTHERS_NOTE_MAX } from '#contracts/delivery-choices.ts';
import { formatYen } from '#lib/money.ts';
import { cartPaymentPath, cartShippingSelectPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { useEffect, useId, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useLoad } from './useLoad.ts';

export default function ShippingDetail() {
  return (
    <>
      <MemberGate allowGuest>
        <DetailForm />
      </MemberGate>
      <ToastRegion />
    </>
  );
}

interface Choice {
  date: string;
  timezone: string;
  packing: string;
  noshiType: string;
  noshiName: string;
}
const choiceOf = (d: CartDelivery): Choice => ({
  date: d.deliveryDate ?? '',
  timezone: d.deliveryTimezone ?? '',
  packing: d.packingKey ?? '',
  noshiType: d.noshiType ?? '',
  noshiName: d.noshiName ?? '',
});

function DetailForm() {
  const id = useId();
  const cart = useCheckoutCart('payment');
  const gift = cart?.socialGift != null;
  const { data, error, loading } = useLoad(cart && !gift ? cart.token : null, (signal) => getCartLeadtimes(cart!.token, {}, { signal }));
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  useEffect(() => {
    if (gift) window.location.replace(cartPaymentPath);
  }, [gift]);

  if (!cart || gift || (loading && !data)) return <Loading />;
  if (error || !data) return <ErrorMessage error={error} fallback="お届け日時の選択肢を読み込めませんでした。" />;
  const current = (d: CartDelivery) => choices[d.id] ?? choiceOf(d);
  const set = (d: CartDelivery, patch: Partial<Choice>) => setChoices((c) => ({ ...c, [d.id]: { ...current(d), ...patch } }));
  const many = cart.deliveries.length > 1;

  async function next(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !cart) return;
    setBusy(true);
    setSubmitError(null);
    const store = useCartStore.getState();
    try {
      for (const d of cart.deliveries) {
        const c = current(d);
        await store.apply((token) =>
          modifyCartShipping({ token, shipping_id: d.id, delivery_date: c.date || null, delivery_timezone: c.timezone || null }),
        );
        await store.apply((token) =>
          addCartPacking({
            token,
            shipping_id: d.id,
            packing_key: c.packing || null,
            noshi_type: (c.noshiType || null) as never,
            noshi_name: c.noshiType ? c.noshiName || null : null,
          }),
        );
      }
      await store.apply((token) => modifyCartOther({ token, note: note ?? cart.note ?? '' }));
      window.location.assign(cartPaymentPath);
    } catch (e) {
      setSubmitError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={next} className="stack" noValidate>
      {cart.deliveries.map((d, n) => {
        const lt = data.leadtimes.find((l) => l.order_shipping_id === d.id);
        const c = current(d);
        const f = `${id}-${d.id}`;
        const title = many ? `お届け先${n + 1}` : 'お届け先';
        return (
          <fieldset key={d.id} className="stack panel">
            <legend>
              {title}：{d.address.last_name} {d.address.first_name} 様（{d.address.prefecture}
              {d.address.city}）
            </legend>
            <ul>
              {(d.productKeys ?? []).map((k) => {
                const line = cart.lines.find((l) => l.key === k);
                return line ? (
                  <li key={k}>
                    {line.name} × {line.quantity}点
                  </li>
                ) : null;
              })}
            </ul>
            {lt?.earliest && <p className="muted">最短お届け日：{formatDayWithWeekday(lt.earliest)}</p>}
            <div className="field">
              <label htmlFor={`${f}-date`}>{title}のお届け希望日</label>
              <select id={`${f}-date`} value={c.date} onChange={(e) => set(d, { date: e.target.value })}>
                <option value="">指定なし</option>
                {(lt?.dates ?? []).map((v) => (
                  <option key={v} value={v}>
                    {formatDayWithWeekday(v)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${f}-time`}>{title}のお届け時間帯</label>
              <select id={`${f}-time`} value={c.timezone} onChange={(e) => set(d, { timezone: e.target.value })}>
                <option value="">指定なし</option>
                {(lt?.timezones ?? []).map((t) => (
                  <option key={t.code} value={t.code}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${f}-packing`}>{title}のラッピング</label>
              <select id={`${f}-packing`} value={c.packing} onChange={(e) => set(d, { packing: e.target.value })}>
                <option value="">指定なし</option>
                {data.packings.map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.name}（{p.fee ? `+${formatYen(p.fee)}` : '無料'}）
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${f}-noshi`}>
                {title}ののし（+{formatYen(data.noshi.fee)}）
              </label>
              <select id={`${f}-noshi`} value={c.noshiType} onChange={(e) => set(d, { noshiType: e.target.value })}>
                <option value="">なし</option>
                {data.noshi.types.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            {c.noshiType && (
              <div className="field">
                <label htmlFor={`${f}-noshi-name`}>
                  {title}ののしの名入れ（{NOSHI_NAME_MAX}文字以内）
                </label>
                <input
                  id={`${f}-noshi-name`}
                  value={c.noshiName}
                  maxLength={NOSHI_NAME_MAX}
                  onChange={(e) => set(d, { noshiName: e.target.value })}
                />
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="field">
        <label htmlFor={`${id}-note`}>備考（{OTHERS_NOTE_MAX}文字以内）</label>
        <textarea
          id={`${id}-note`}
          rows={4}
          maxLength={OTHERS_NOTE_MAX}
          value={note ?? cart.note ?? ''}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <ErrorMessage error={submitError} />
      <div className="actions">
        <a className="btn" href={cartShippingSelectPath}>
          お届け先の選択に戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}
