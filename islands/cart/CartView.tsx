/**
 * The cart screen: every line with name, unit price with tax, quantity, line total; the totals;
 * and 「ご購入手続きへ」. Quantities go to the server and the screen shows what it accepted.
 * It reads the storefront's Cart (src/api-client/types.ts), never the wire shape.
 */
import { useEffect, useState } from 'react';
import { CARRIAGE_RULE, yenToFreeCarriage } from '../../src/api-client/carriage.ts';
import { firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import type { Cart, CartLine } from '../../src/api-client/types.ts';
import { formatYen, formatYenWithTax } from '../../src/lib/money.ts';
import { useCartStore } from '../../src/stores/cart.ts';
import { useSessionStore } from '../../src/stores/session.ts';
import { loginUrl, refreshHeader } from '../common/navigation.ts';

const SHIPPING_SELECT_PATH = '/cart/shipping-select/';

/** Cart lines, totals and the checkout button. */
export default function CartView() {
  const cart = useCartStore((s) => s.cart);
  const loading = useCartStore((s) => s.loading);
  const productNotFound = useCartStore((s) => s.productNotFound);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void useCartStore.getState().init().finally(() => { setLoaded(true); refreshHeader(); });
  }, []);

  async function run(op: () => Promise<unknown>) {
    setError(null);
    try {
      await op();
    } catch (e) {
      if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      refreshHeader();
    }
  }

  async function checkout() {
    const loggedIn = await useSessionStore.getState().checkSession();
    window.location.assign(loggedIn ? SHIPPING_SELECT_PATH : loginUrl(SHIPPING_SELECT_PATH));
  }

  if (!loaded && !cart) return <p className="loading" role="status">カートを読み込んでいます…</p>;
  const lines = cart?.lines ?? [];

  return (
    <div className="stack" aria-busy={loading}>
      {productNotFound && <p className="notice" role="status">販売を終了した商品をカートから削除しました。</p>}
      {error && <p className="alert" role="alert">{error}</p>}
      {lines.length === 0 ? (
        <div className="panel stack">
          <p>カートに商品はありません。</p>
          <p><a className="btn" href="/product/">商品一覧へ</a></p>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem key={line.key} line={line} disabled={loading}
                onQuantity={(q) => run(() => useCartStore.getState().modify(line.key, q))}
                onRemove={() => run(() => useCartStore.getState().remove(line.key))} />
            ))}
          </ul>
          {cart && <CartTotals cart={cart} />}
          <div className="actions">
            <a className="btn" href="/product/">買い物を続ける</a>
            <button type="button" className="btn btn-primary" onClick={checkout} disabled={loading}>ご購入手続きへ</button>
          </div>
        </>
      )}
    </div>
  );
}

interface LineProps { line: CartLine; disabled: boolean; onQuantity: (quantity: number) => void; onRemove: () => void }

function CartLineItem({ line, disabled, onQuantity, onRemove }: LineProps) {
  const max = Math.max(10, line.quantity);
  const selectId = `qty-${line.key}`;
  return (
    <li className="cart-line">
      <img src={line.image} alt="" width="96" height="96" />
      <div className="cart-line-main">
        <a href={`/product/${encodeURIComponent(line.productKey)}/`} className="cart-line-name">{line.name}</a>
        <p className="muted">単価 {formatYenWithTax(line.unitPriceWithTax)}{line.taxRate === 8 && '（軽減税率8%）'}</p>
      </div>
      <div className="field cart-line-qty">
        <label htmlFor={selectId}>数量</label>
        <select id={selectId} aria-label={`${line.name}の数量`} value={line.quantity} disabled={disabled}
          onChange={(e) => onQuantity(Number(e.target.value))}>
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
      <p className="cart-line-total"><span className="muted">小計</span> <span className="price">{formatYenWithTax(line.subtotalWithTax)}</span></p>
      <button type="button" className="btn-link" onClick={onRemove} disabled={disabled} aria-label={`${line.name}を削除`}>削除</button>
    </li>
  );
}

function CartTotals({ cart }: { cart: Cart }) {
  const { totals } = cart;
  const toFree = yenToFreeCarriage(totals.subtotalWithTax);
  return (
    <section className="panel" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title" className="visually-hidden">合計金額</h2>
      <dl className="totals">
        <dt>商品小計（税込）</dt><dd>{formatYen(totals.subtotalWithTax)}</dd>
        <dt>送料</dt><dd>{totals.carriage === 0 ? '無料' : formatYen(totals.carriage)}</dd>
        <dt className="grand">合計（税込）</dt><dd className="grand">{formatYen(totals.payment)}</dd>
      </dl>
      {toFree > 0 && <p className="muted">あと{formatYen(toFree)}のお買い上げで送料無料になります（{formatYen(CARRIAGE_RULE.freeFrom)}以上で送料無料）。</p>}
    </section>
  );
}
