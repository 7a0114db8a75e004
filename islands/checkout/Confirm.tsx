/**
 * Checkout step 3 (/cart/confirm/): every item, the totals with tax, the delivery address, the
 * payment method with its own fee and description, and the delivery and return terms of the site
 * settings (the same source as the guide and the 特定商取引法 page), with the food rule when the cart
 * has food; 「注文を確定する」 places the order once. The terms come with the page (props from the
 * build's synced settings, like the guide and 特定商取引法 pages), so the island makes no settings call.
 */
import type { ReactNode } from 'react';
import { listCartPayments } from '#api-client/checkout/payments.ts';
import type { Cart, OrderTerms, PaymentMethod } from '#api-client/core/types.ts';
import {
  cartCompletePath,
  cartPath,
  cartPaymentPath,
  cartShippingDetailPath,
  cartShippingSelectPath,
  productDetailPath,
} from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { refreshHeader } from '../common/navigation.ts';
import { useRef, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import BenefitsFields from './BenefitsFields.tsx';
import { feeText } from './fee.ts';
import { type SummaryItem, SummaryItems, SummaryTotals } from './OrderSummary.tsx';
import ShipmentList from './ShipmentList.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useLoad } from './useLoad.ts';

/** The member gate, then the confirmation. */
/**
 * `terms`: the return terms; `children`: the page's static HTML (the delivery terms), shown after the
 * payment method.
 */
export default function Confirm({ terms, children }: { terms: OrderTerms; children?: ReactNode }) {
  return (
    <>
      <MemberGate allowGuest>
        <ConfirmOrder terms={terms}>{children}</ConfirmOrder>
      </MemberGate>
      <ToastRegion />
    </>
  );
}

/** Cart lines in the summary's shape. */
export function cartSummaryItems(cart: Cart): SummaryItem[] {
  // A cart line already has every summary field: only the link is added (no field-by-field copy in the bundle).
  return cart.lines.map((l) => ({ ...l, href: productDetailPath(l.productKey) }));
}

/** The return terms that apply to this cart: the general policy, plus the food rule when it has food. */
export function returnTerms(terms: OrderTerms, cart: Pick<Cart, 'hasFood'>): string[] {
  return [terms.returnPolicy, cart.hasFood ? terms.returnPolicyFood : null].filter((t): t is string => !!t);
}

function ConfirmOrder({ terms, children }: { terms: OrderTerms; children?: ReactNode }) {
  const cart = useCheckoutCart('confirm');
  const payments = useLoad(cart ? cart.token : null, (signal) => listCartPayments(cart!.token, { signal }));
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
      window.location.assign(cartCompletePath(orderNo));
    } catch (e) {
      setError(e);
      inFlight.current = false;
      setSubmitting(false);
      // Stock or prices may have changed: show the cart as the server now sees it.
      void useCartStore.getState().init();
    }
  }

  if (!cart) return submitting ? <Loading label="ご注文を確定しています…" /> : <Loading />;
  const method: PaymentMethod | undefined = payments.data?.find((m) => m.id === cart.paymentId);
  const returns = returnTerms(terms, cart);

  return (
    <div className="stack">
      <section aria-labelledby="confirm-items">
        <h2 id="confirm-items">ご注文商品</h2>
        <SummaryItems items={cartSummaryItems(cart)} caption="ご注文商品" />
      </section>
      <BenefitsFields cart={cart} />
      <section aria-labelledby="confirm-totals" className="panel">
        <h2 id="confirm-totals" className="visually-hidden">
          ご請求金額
        </h2>
        <SummaryTotals totals={cart.totals} />
      </section>
      <section aria-labelledby="confirm-address">
        <h2 id="confirm-address">お届け先</h2>
        {cart.socialGift ? (
          <p>
            ソーシャルギフト（お届け先とお届け日時は、ご注文後にお送りするURLから受け取る方が入力します）
            {cart.socialGift.senderName && (
              <>
                <br />
                贈り主：{cart.socialGift.senderName}
              </>
            )}
            {cart.socialGift.message && (
              <>
                <br />
                メッセージ：{cart.socialGift.message}
              </>
            )}
          </p>
        ) : cart.deliveries.length ? (
          <ShipmentList cart={cart} />
        ) : (
          <p className="muted">未選択</p>
        )}
        <p>
          <a href={cartShippingSelectPath}>お届け先を変更する</a>
          {!cart.socialGift && (
            // biome-ignore lint/complexity/noUselessFragments: it holds the full-width space before the link
            <>
              　<a href={cartShippingDetailPath}>お届け日時・ギフト設定を変更する</a>
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="confirm-payment">
        <h2 id="confirm-payment">お支払い方法</h2>
        <p>
          {cart.paymentName ?? '未選択'}
          {method && <>（{feeText(method)}）</>}
        </p>
        {method?.description && <p className="muted pre-line">{method.description}</p>}
        <p>
          <a href={cartPaymentPath}>お支払い方法を変更する</a>
        </p>
      </section>
      {children}
      {returns.length > 0 && (
        <section aria-labelledby="confirm-returns" className="panel terms">
          <h2 id="confirm-returns">返品について</h2>
          {returns.map((t) => (
            <p key={t}>{t}</p>
          ))}
        </section>
      )}
      <ErrorMessage error={error} fallback="ご注文を確定できませんでした。" />
      <div className="actions">
        <a className="btn" href={cartPath}>
          カートに戻る
        </a>
        <button type="button" className="btn btn-primary" onClick={decide} disabled={submitting} aria-busy={submitting}>
          注文を確定する
        </button>
      </div>
    </div>
  );
}
