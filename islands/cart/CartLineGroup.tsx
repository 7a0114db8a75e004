/**
 * One line of the shopper's own with its accessories nested under it: the theme's CartLines slot for
 * the line, again for its accessory lines (their quantity and 削除 go to the accessory calls), and the
 * accessories the product offers. Deleting the line deletes its accessories (the API does so).
 */
import CartLines from 'virtual:shop/slot/CartLines';
import { addCartAccessory, deleteCartAccessory, modifyCartAccessory } from '#api-client/cart/cart.ts';
import { useCartStore } from '#stores/cart.ts';
import AccessoryOffer from './AccessoryOffer.tsx';
import type { LineGroup } from './accessory-lines.ts';

interface Props {
  group: LineGroup;
  disabled: boolean;
  /** Runs a cart operation, showing its failure with the API's message. */
  run: (op: () => Promise<unknown>) => void;
}

/** Indented under the line it belongs to (no theme rule of its own yet). */
const NESTED = {
  marginInlineStart: 'var(--space-5, 2rem)',
  paddingInlineStart: 'var(--space-3, 1rem)',
  borderInlineStart: '3px solid var(--color-border, #ddd)',
};

export default function CartLineGroup({ group: { line, accessories }, disabled, run }: Props) {
  const { modify, remove, apply } = useCartStore.getState();
  return (
    <div className="cart-line-group">
      <CartLines
        lines={[line]}
        disabled={disabled}
        onQuantity={(key, quantity) => run(() => modify(key, quantity))}
        onRemove={(key) => run(() => remove(key))}
      />
      <div className="cart-accessories stack" style={NESTED}>
        {accessories.length > 0 && (
          <section aria-label={`${line.name}の付属品`}>
            <p className="muted">付属品（{line.name}を削除すると付属品も削除されます）</p>
            <CartLines
              lines={accessories}
              disabled={disabled}
              onQuantity={(key, quantity) => run(() => apply((token) => modifyCartAccessory({ token, key, quantity })))}
              onRemove={(key) => run(() => apply((token) => deleteCartAccessory({ token, key })))}
            />
          </section>
        )}
        <AccessoryOffer
          line={line}
          disabled={disabled}
          onAdd={(accessoryId, quantity) =>
            run(() => apply((token) => addCartAccessory({ token, key: line.key, accessory_id: accessoryId, quantity })))
          }
        />
      </div>
    </div>
  );
}
