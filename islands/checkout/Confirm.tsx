/**
 * Checkout step 3 (/cart/confirm/): every item, the totals with tax, the delivery address, the
 * payment method and the payment and delivery terms; 「注文を確定する」 places the order once.
 */
import { useRef, useState } from 'react';
import { CARRIAGE, type Cart } from '#contracts/cart.ts';
import { formatYen } from '../../src/lib/money.ts';
import { useCartStore } from '../../src/stores/cart.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useRequireLogin } from '../common/useRequireLogin.ts';
import { SummaryItems, SummaryTotals, type SummaryItem } from './OrderSummary.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';

/** Login guard, then the confirmation. */
export default function Confirm() {
  const loggedIn = useRequireLogin();
  return loggedIn ? <ConfirmOrder /> : <Loading />;
}

/** Cart lines in the summary's shape. */
export function cartSummaryItems(cart: Cart): SummaryItem[] {
  return cart.detail.products.map((p) => ({
    key: p.key,
    name: p.product_info.name,
    image: p.product_info.image,
    href: `/product/${encodeURIComponent(p.product_info.key)}/`,
    unitPriceWithTax: p.unit_price_with_tax,
    quantity: p.quantity,
    subtotalWithTax: p.subtotal_with_tax,
    taxRate: p.tax_rate,
  }));
}

function ConfirmOrder() {
  const cart = useCheckoutCart('confirm');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // A ref as well as state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false);

  async function decide() {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setError(null);
    try {
      const orderNo = await useCartStore.getState().decide();
      refreshHeader();
      window.location.assign(`/cart/complete/?order_no=${encodeURIComponent(orderNo)}`);
    } catch (e) {
      setError(e);
      inFlight.current = false;
      setSubmitting(false);
      // Stock or prices may have changed: show the cart as the server now sees it.
      void useCartStore.getState().init();
    }
  }

  if (!cart) return submitting ? <Loading label="ご注文を確定しています…" /> : <Loading />;
  const address = cart.detail.shippings[0]?.address;

  return (
    <div className="stack">
      <section aria-labelledby="confirm-items">
        <h2 id="confirm-items">ご注文商品</h2>
        <SummaryItems items={cartSummaryItems(cart)} caption="ご注文商品" />
      </section>
      <section aria-labelledby="confirm-totals" className="panel">
        <h2 id="confirm-totals" className="visually-hidden">ご請求金額</h2>
        <SummaryTotals order={cart.detail.order} />
      </section>
      <section aria-labelledby="confirm-address">
        <h2 id="confirm-address">お届け先</h2>
        {address ? (
          <p>
            {address.shipping_name || `${address.last_name} ${address.first_name}`} 様<br />
            {address.full_address}
            {(address.phone_number || address.cell_phone_number) && <><br />電話番号：{address.phone_number || address.cell_phone_number}</>}
          </p>
        ) : <p className="muted">未選択</p>}
        <p><a href="/cart/shipping-select/">お届け先を変更する</a></p>
      </section>
      <section aria-labelledby="confirm-payment">
        <h2 id="confirm-payment">お支払い方法</h2>
        <p>{cart.payment_name ?? '未選択'}</p>
        <p><a href="/cart/payment/">お支払い方法を変更する</a></p>
      </section>
      <section aria-labelledby="confirm-terms" className="panel terms">
        <h2 id="confirm-terms">お支払い・配送について</h2>
        <ul>
          <li>代金引換：商品お届け時に、配送業者へ代金をお支払いください。代引手数料は{formatYen(330)}（税込）です。</li>
          <li>銀行振込：ご注文後にお送りするメールに記載の口座へ、7日以内にお振り込みください。ご入金の確認後に発送いたします。振込手数料はお客様のご負担となります。</li>
          <li>配送：ご注文確定（銀行振込の場合はご入金確認）後、通常3〜5営業日以内に発送いたします。送料は全国一律{formatYen(CARRIAGE.fee)}（税込）、{formatYen(CARRIAGE.freeFrom)}（税込）以上のお買い上げで無料です。</li>
          <li>返品・交換：商品到着後7日以内にご連絡ください。お客様のご都合による返品の送料はお客様のご負担となります。</li>
        </ul>
      </section>
      <ErrorMessage error={error} fallback="ご注文を確定できませんでした。" />
      <div className="actions">
        <a className="btn" href="/cart/">カートに戻る</a>
        <button type="button" className="btn btn-primary" onClick={decide} disabled={submitting} aria-busy={submitting}>注文を確定する</button>
      </div>
    </div>
  );
}
