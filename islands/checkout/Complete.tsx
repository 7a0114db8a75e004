/**
 * Checkout done (/cart/complete/?order_no=...). The thanks message and the order number appear only
 * after the API confirms the order is the signed-in visitor's own (GET /v1/carts/order/{order_no});
 * anyone else's number, a malformed one or a guest gets a neutral notice and nothing about the order.
 */

import type { ComponentType } from 'react';
import { getCartOrder } from '#api-client/checkout/cart-order.ts';
import { getOrderPayment, type OrderPayment } from '#api-client/checkout/order-payment.ts';
import { isIgnoredError } from '#api-client/core/errors.ts';
import { isGuestCheckout } from '#api-client/core/options.ts';
import type { Order } from '#api-client/core/types.ts';
import { homePath, orderHistoryPath } from '#lib/routes.ts';
import { useSessionStore } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import OrderBenefits from './OrderBenefits.tsx';
import OrderPaymentDetail from './OrderPaymentDetail.tsx';

/** The order number from ?order_no= (letters, digits and hyphens only), or null. */
export function readOrderNo(search: string): string | null {
  const value = new URLSearchParams(search).get('order_no');
  return value && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

type View =
  | { state: 'loading' }
  | { state: 'thanks'; order: Order; payment: OrderPayment | null; guest: boolean; Gift: GiftPart | null }
  | { state: 'not_found' }
  | { state: 'offline' };

type GiftPart = ComponentType<{ order: Order }>;

/** In place of the gift's link when its part could not be loaded: the link is in this tab only, so say how to get it. */
function GiftLinkFailed() {
  return (
    <p className="alert" role="alert">
      ソーシャルギフトのお受け取りURLを表示できませんでした。ページを再読み込みしてください。
    </p>
  );
}

/**
 * The social gift's link part (islands/checkout/SocialGiftLink.tsx), loaded only for a gift order and before
 * the page is drawn, so the thanks page of every other order does not carry it and a gift's is drawn once.
 */
function loadGiftPart(order: Order): Promise<GiftPart | null> {
  if (!order.social_gift) return Promise.resolve(null);
  return import('./SocialGiftLink.tsx').then(
    (m) => m.default,
    () => GiftLinkFailed,
  );
}

/** Loads the order of ?order_no= for the signed-in visitor, or for this tab's guest purchase. */
async function loadView(): Promise<View> {
  const orderNo = readOrderNo(window.location.search);
  if (!orderNo) return { state: 'not_found' };
  const member = await useSessionStore.getState().checkSession();
  const guest = !member && isGuestCheckout();
  if (!member && !guest) return { state: 'not_found' };
  try {
    // A member's payment part comes with the order, so the thanks page is drawn once at its final size.
    const [order, payment] = await Promise.all([getCartOrder(orderNo), guest ? null : getOrderPayment(orderNo).catch(() => null)]);
    return { state: 'thanks', order, payment, guest, Gift: await loadGiftPart(order) };
  } catch (e) {
    return isIgnoredError(e) ? { state: 'offline' } : { state: 'not_found' };
  }
}

/** Thanks message and order number, or a notice when the order is not the visitor's. */
export default function Complete() {
  const [view, setView] = useState<View>({ state: 'loading' });
  useEffect(() => {
    void loadView().then(setView);
  }, []);
  useEffect(() => {
    if (view.state !== 'thanks') return;
    // Analytics only: loaded after the order is shown, and its failure changes nothing on screen.
    const { order } = view;
    import('#scripts/purchase-data-layer.ts').then(
      (m) => {
        m.reportPurchase(order, m.purchaseValueWithoutTax());
      },
      () => {},
    );
  }, [view]);

  if (view.state === 'loading') return <Loading />;
  if (view.state !== 'thanks') {
    return (
      <div className="stack complete">
        <h1>ご注文が見つかりませんでした</h1>
        <p className="notice" role="status">
          {view.state === 'offline'
            ? '通信できませんでした。時間をおいてページを再読み込みしてください。'
            : 'ご注文の状況はログインのうえ、マイページの注文履歴からご確認ください。'}
        </p>
        <div className="actions" style={{ justifyContent: 'flex-start' }}>
          <a className="btn btn-primary" href={orderHistoryPath()}>
            注文履歴を見る
          </a>
          <a className="btn" href={homePath}>
            トップページへ
          </a>
        </div>
      </div>
    );
  }
  if (view.guest) {
    return (
      <div className="stack complete">
        <h1>ご注文ありがとうございました</h1>
        <p className="order-no">ご注文番号：{view.order.order_no}</p>
        {view.Gift && <view.Gift order={view.order} />}
        <p>ご入力いただいたメールアドレスにご注文内容の確認メールをお送りしました。</p>
        <GuestConvertLoader />
        <div className="actions" style={{ justifyContent: 'flex-start' }}>
          <a className="btn" href={homePath}>
            トップページへ
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="stack complete">
      <h1>ご注文ありがとうございました</h1>
      <p className="order-no">ご注文番号：{view.order.order_no}</p>
      {view.Gift && <view.Gift order={view.order} />}
      <OrderBenefits order={view.order} />
      {view.payment ? <OrderPaymentDetail payment={view.payment} /> : null}
      <p>ご注文内容の確認メールをお送りしました。ご注文の状況はマイページの注文履歴からご確認いただけます。</p>
      <div className="actions" style={{ justifyContent: 'flex-start' }}>
        <a className="btn btn-primary" href={orderHistoryPath()}>
          注文履歴を見る
        </a>
        <a className="btn" href={homePath}>
          トップページへ
        </a>
      </div>
    </div>
  );
}

/**
 * 「この内容で会員登録する」 loads its form (the form kit, the rules, the session actions) only for a
 * guest purchase: the thanks page of a member's order stays within its JS budget without it.
 */
function GuestConvertLoader() {
  const [Form, setForm] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./GuestConvert.tsx').then(
      (m) => setForm(() => m.default),
      () => setFailed(true),
    );
  }, []);
  if (failed)
    return (
      <p className="alert" role="alert">
        会員登録フォームを読み込めませんでした。ページを再読み込みしてください。
      </p>
    );
  return Form ? <Form /> : <Loading />;
}
