/**
 * The cart screen: the theme's CartLines slot per line with its accessories nested under it
 * (CartLineGroup), the CartTotals slot, and 「ご購入手続きへ」. Quantities go to the server and the
 * screen shows what it accepted. It reads the storefront's Cart
 * (src/api-client/core/types.ts), never the wire shape; the slots only render and call back.
 * A line removed by keyboard takes the focus with it: it moves to the line now in its place (or the
 * one before), or to the empty-cart message, never left on the page body.
 */

import CartTotals from 'virtual:shop/slot/CartTotals';
import { CARRIAGE_RULE } from '#api-client/cart/carriage.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { cartShippingSelectPath, productListPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import { refreshHeader } from '../common/navigation.ts';
import { useEffect, useRef, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import { groupCartLines } from './accessory-lines.ts';
import CartLineGroup from './CartLineGroup.tsx';

/** The cart screen and the toast region (rendered by this island rather than as a second island). */
export default function CartView() {
  return (
    <>
      <CartScreen />
      <ToastRegion />
    </>
  );
}

/** Cart lines, totals and the checkout button. */
function CartScreen() {
  const cart = useCartStore((s) => s.cart);
  const loading = useCartStore((s) => s.loading);
  const productNotFound = useCartStore((s) => s.productNotFound);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const screen = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useCartStore
      .getState()
      .init()
      .finally(() => {
        setLoaded(true);
        refreshHeader();
      });
  }, []);

  /** Runs a cart operation of the line group at `index`; if its control went away with it, focus moves on. */
  async function run(op: () => Promise<unknown>, index = 0) {
    setError(null);
    try {
      await op();
    } catch (e) {
      if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      refreshHeader();
      // After React has drawn the new cart.
      requestAnimationFrame(() => refocus(screen.current, index));
    }
  }

  if (!loaded && !cart)
    return (
      <p className="loading" role="status">
        カートを読み込んでいます…
      </p>
    );
  const lines = cart?.lines ?? [];

  return (
    <div className="stack" aria-busy={loading} ref={screen}>
      {productNotFound && (
        <p className="notice" role="status">
          販売を終了した商品をカートから削除しました。
        </p>
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {lines.length === 0 ? (
        <div className="panel stack" tabIndex={-1} data-cart-empty>
          <p>カートに商品はありません。</p>
          <p>
            <a className="btn" href={productListPath()}>
              商品一覧へ
            </a>
          </p>
        </div>
      ) : (
        <>
          <div className="cart-line-groups">
            {groupCartLines(lines).map((group, i) => (
              <CartLineGroup key={group.line.key} group={group} disabled={loading} run={(op) => run(op, i)} />
            ))}
          </div>
          {cart && <CartTotals totals={cart.totals} freeShippingFrom={cart.carriage ? cart.carriage.freeFrom : CARRIAGE_RULE.freeFrom} />}
          {cart?.carriage?.campaign && <p className="notice">{cart.carriage.campaign}開催中です。</p>}
          <div className="actions">
            <a className="btn" href={productListPath()}>
              買い物を続ける
            </a>
            {/* A plain link: the address step's member gate sends a guest to /login/ and back, so the
                cart page carries neither the session store nor a second copy of the login check. */}
            <a className="btn btn-primary" href={cartShippingSelectPath}>
              ご購入手続きへ
            </a>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Where focus goes when the control that had it is gone (its line deleted): the quantity of the line
 * group now at `index`, else of the one before, else the empty-cart message. Left alone otherwise.
 */
function refocus(screen: HTMLElement | null, index: number) {
  const active = document.activeElement;
  if (!screen || (active && active !== document.body && active.isConnected)) return;
  const groups = screen.querySelectorAll('.cart-line-group');
  const group = groups[Math.min(index, groups.length - 1)];
  const target = group?.querySelector<HTMLElement>('select, button') ?? screen.querySelector<HTMLElement>('[data-cart-empty]');
  target?.focus();
}
