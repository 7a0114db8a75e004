/**
 * Default CartLines slot: each cart line with image, name link, its 名入れ刺繍 (「名入れ：…（書体・色）」),
 * unit price with tax (軽減税率 noted),
 * a quantity select and 削除. Presentational: the cart island owns the cart and passes callbacks.
 */

import type { CartLine as CartLineData } from '#api-client/core/types.ts';
import { embroideryLabel, embroideryOf } from '#contracts/embroidery-choices.ts';
import { formatYenWithTax } from '#lib/money.ts';
import { thumbnailOf } from '#lib/product-images.ts';
import { productDetailPath } from '#lib/routes.ts';
import type { SlotProps } from '../../slot-props.ts';

type Props = SlotProps['CartLines'];

/** The list of cart lines. */
export default function CartLines({ lines, disabled, onQuantity, onRemove }: Props) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <CartLine
          key={line.key}
          line={line}
          disabled={disabled}
          onQuantity={(q) => onQuantity(line.key, q)}
          onRemove={() => onRemove(line.key)}
        />
      ))}
    </ul>
  );
}

interface LineProps {
  line: CartLineData;
  disabled: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

function CartLine({ line, disabled, onQuantity, onRemove }: LineProps) {
  const max = Math.max(10, line.quantity);
  const selectId = `qty-${line.key}`;
  const embroidery = embroideryOf(line.embroidery);
  // Two lines of one product differ by their embroidery: the controls' names say which line they are.
  const named = embroidery ? `${line.name}（${embroideryLabel(embroidery)}）` : line.name;
  const thumb = thumbnailOf(line.image, 80);
  return (
    <li className="cart-line">
      <img src={thumb.src} srcSet={thumb.srcset} alt="" width="96" height="96" decoding="async" />
      <div className="cart-line-main">
        <a href={productDetailPath(line.productKey)} className="cart-line-name">
          {line.name}
        </a>
        {embroidery && <p className="cart-line-embroidery">{embroideryLabel(embroidery)}</p>}
        <p className="muted">
          単価 {formatYenWithTax(line.unitPriceWithTax)}
          {line.taxRate === 8 && '（軽減税率8%）'}
        </p>
      </div>
      <div className="field cart-line-qty">
        <label htmlFor={selectId}>数量</label>
        <select
          id={selectId}
          aria-label={`${named}の数量`}
          value={line.quantity}
          disabled={disabled}
          onChange={(e) => onQuantity(Number(e.target.value))}
        >
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p className="cart-line-total">
        <span className="muted">小計</span> <span className="price">{formatYenWithTax(line.subtotalWithTax)}</span>
      </p>
      <button type="button" className="btn-link" onClick={onRemove} disabled={disabled} aria-label={`${named}を削除`}>
        削除
      </button>
    </li>
  );
}
