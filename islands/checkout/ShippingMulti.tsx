/**
 * Several delivery addresses (ORDER.SHIPPING.IS_ALLOW_MULTIPLE): the shopper ticks the addresses to
 * send to, then says how many of each line go to each. 「次へ」 sets them on the cart (the addresses
 * in order, the first taking every line, then each share moved with products/divide) and goes on
 * to the delivery dates and gift options.
 */

import type { SubmitEvent } from 'react';
import { resetCartShippings } from '#api-client/cart/cart.ts';
import { addCartShippingChoice, divideCartProduct } from '#api-client/checkout/delivery.ts';
import type { Address, Cart } from '#api-client/core/types.ts';
import { cartPath, cartShippingAddPath, cartShippingDetailPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import { useId, useState } from '../common/react.ts';

/** How many of line `key` go to each chosen address (address id → quantity), from the cart's current split. */
function initialSplit(cart: Cart, chosen: number[]): Record<string, Record<number, number>> {
  const out: Record<string, Record<number, number>> = {};
  for (const line of cart.lines) {
    const owner = cart.deliveries.find((d) => d.productKeys?.includes(line.key))?.userAddressId;
    const at = owner != null && chosen.includes(owner) ? owner : chosen[0];
    out[line.key] = Object.fromEntries(chosen.map((a) => [a, a === at ? line.quantity : 0]));
  }
  return out;
}

export default function ShippingMulti({ cart, addresses }: { cart: Cart; addresses: Address[] }) {
  const id = useId();
  const fromCart = cart.deliveries.map((d) => d.userAddressId).filter((a): a is number => a != null && addresses.some((x) => x.id === a));
  const [chosen, setChosen] = useState<number[]>(fromCart.length ? fromCart : [(addresses.find((a) => a.is_default) ?? addresses[0]).id]);
  const [split, setSplit] = useState(() => initialSplit(cart, chosen));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);

  const toggle = (addressId: number, on: boolean) => {
    const next = on ? [...chosen, addressId] : chosen.filter((a) => a !== addressId);
    if (!next.length) return;
    setChosen(next);
    setSplit(initialSplit({ ...cart, deliveries: [] }, next));
  };
  const qty = (key: string, a: number) => split[key]?.[a] ?? 0;
  const label = (a: number) => {
    const x = addresses.find((y) => y.id === a)!;
    return x.name || `${x.last_name} ${x.first_name}`;
  };

  async function next(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const wrong = cart.lines.find((l) => chosen.reduce((s, a) => s + qty(l.key, a), 0) !== l.quantity);
    if (wrong) {
      setProblem(`「${wrong.name}」のお届け数の合計を${wrong.quantity}点にしてください`);
      return;
    }
    const used = chosen.filter((a) => cart.lines.some((l) => qty(l.key, a) > 0));
    setProblem(null);
    setBusy(true);
    setSubmitError(null);
    const store = useCartStore.getState();
    try {
      await store.apply((token) => resetCartShippings({ token, is_removing_address: true }));
      let current = cart;
      for (const a of used) current = await store.apply((token) => addCartShippingChoice({ token, user_address_id: a }));
      const shippingOf = new Map(current.deliveries.map((d) => [d.userAddressId, d.id]));
      for (const line of cart.lines) {
        for (const a of used.slice(1)) {
          const q = qty(line.key, a);
          if (q > 0)
            await store.apply((token) => divideCartProduct({ token, key: line.key, shipping_id: shippingOf.get(a)!, quantity: q }));
        }
      }
      window.location.assign(cartShippingDetailPath);
    } catch (e) {
      setSubmitError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={next} className="stack" noValidate>
      <fieldset className="stack">
        <legend>お届け先を選択してください（複数選択できます）</legend>
        <ul className="choice-list">
          {addresses.map((a) => (
            <li key={a.id}>
              <div className="choice">
                <input
                  type="checkbox"
                  id={`${id}-a${a.id}`}
                  checked={chosen.includes(a.id)}
                  onChange={(e) => toggle(a.id, e.target.checked)}
                />
                <label htmlFor={`${id}-a${a.id}`}>
                  <strong>{a.name || `${a.last_name} ${a.first_name}`}</strong> {a.full_address}（{a.last_name} {a.first_name} 様）
                </label>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
      <p>
        <a href={cartShippingAddPath}>新しいお届け先を追加する</a>
      </p>
      {chosen.length > 1 &&
        cart.lines.map((line) => (
          <fieldset key={line.key} className="stack panel">
            <legend>
              {line.name}（{line.quantity}点）のお届け先
            </legend>
            {chosen.map((a) => (
              <div className="field" key={a}>
                <label htmlFor={`${id}-${line.key}-${a}`}>
                  {line.name}を{label(a)}へ（点）
                </label>
                <input
                  id={`${id}-${line.key}-${a}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  value={qty(line.key, a)}
                  onChange={(e) =>
                    setSplit((s) => ({ ...s, [line.key]: { ...s[line.key], [a]: Math.max(0, Math.floor(Number(e.target.value) || 0)) } }))
                  }
                />
              </div>
            ))}
          </fieldset>
        ))}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <ErrorMessage error={submitError} />
      <div className="actions">
        <a className="btn" href={cartPath}>
          カートに戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}
