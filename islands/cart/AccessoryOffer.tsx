/**
 * 付属品を追加: the accessories a cart line's product offers (GET /v1/products/{key}/accessories), each
 * with its price, a quantity and 「追加する」. Nothing is shown while loading, when the product offers
 * none, or when the list cannot be read (the line itself is unaffected).
 */

import { listProductAccessories } from '#api-client/cart/accessories.ts';
import type { CartLine } from '#api-client/core/types.ts';
import { formatYenWithTax } from '#lib/money.ts';
import { useLoad } from '../checkout/useLoad.ts';
import { useId, useState } from '../common/react.ts';

const QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

interface Props {
  line: CartLine;
  disabled: boolean;
  onAdd: (accessoryId: number, quantity: number) => void;
}

export default function AccessoryOffer({ line, disabled, onAdd }: Props) {
  const id = useId();
  const { data } = useLoad(line.productKey, (signal) => listProductAccessories(line.productKey, { signal }));
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  if (!data?.length) return null;
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cart-accessory-title">
        {line.name}の付属品を追加
      </h2>
      <ul className="cart-accessory-offers">
        {data.map((a) => {
          const selectId = `${id}-${a.id}`;
          const quantity = quantities[a.id] ?? 1;
          return (
            <li key={a.id} className="cart-accessory-offer">
              <span className="cart-line-name">{a.name}</span>
              <span className="price">{formatYenWithTax(a.priceWithTax)}</span>
              {a.inStock ? (
                <span className="field cart-line-qty">
                  <label htmlFor={selectId}>数量</label>
                  <select
                    id={selectId}
                    aria-label={`${a.name}の追加する数量`}
                    value={quantity}
                    disabled={disabled}
                    onChange={(e) => setQuantities({ ...quantities, [a.id]: Number(e.target.value) })}
                  >
                    {QUANTITIES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </span>
              ) : (
                <span className="muted">在庫なし</span>
              )}
              <button
                type="button"
                className="btn"
                disabled={disabled || !a.inStock}
                aria-label={`${a.name}を付属品として追加する`}
                onClick={() => onAdd(a.id, quantity)}
              >
                追加する
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
