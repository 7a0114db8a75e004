/**
 * Add-to-cart on the product detail page: quantity and 「カートに入れる」. The page's only island,
 * hydrated when visible. Confirms in a status region; the header count updates via /header.js.
 * The cart store (API client, contracts, zod) is loaded on first intent — pointer over or focus on
 * the button — not with the island, so the product page's first load carries only React and this.
 */
import { useId, useState } from 'react';
import { firstErrorMessage, isDisplayableError } from '../../src/api-client/errors.ts';
import { refreshHeader } from '../common/navigation.ts';

interface Props { productId: number; productName: string; soldOut: boolean }

const QUANTITIES = Array.from({ length: 10 }, (_, i) => i + 1);

let cartStore: Promise<typeof import('../../src/stores/cart.ts')> | null = null;
/** Starts (once) and returns the load of the cart store chunk. */
const loadCartStore = () => (cartStore ??= import('../../src/stores/cart.ts'));

/** Quantity select, add button and the result message. */
export default function AddToCartButton({ productId, productName, soldOut }: Props) {
  const id = useId();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function add() {
    if (busy) return;
    setBusy(true);
    setDone(false);
    setError(null);
    try {
      const { useCartStore } = await loadCartStore();
      await useCartStore.getState().add(productId, quantity);
      setDone(true);
      refreshHeader();
    } catch (e) {
      if (isDisplayableError(e)) setError(firstErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="add-to-cart stack">
      <div className="field" style={{ maxWidth: '8rem' }}>
        <label htmlFor={`${id}-qty`}>数量</label>
        <select id={`${id}-qty`} value={quantity} disabled={soldOut} onChange={(e) => setQuantity(Number(e.target.value))}>
          {QUANTITIES.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={add} onPointerEnter={loadCartStore} onFocus={loadCartStore} disabled={soldOut || busy} aria-busy={busy}>
        カートに入れる
      </button>
      {soldOut && <p className="muted">在庫切れのため、現在ご購入いただけません。</p>}
      <div role="status" className={done ? 'notice' : undefined}>
        {done && (<>「{productName}」をカートに追加しました。 <a href="/cart/">カートを見る</a></>)}
      </div>
      {error && <p role="alert" className="alert">{error}</p>}
    </div>
  );
}
