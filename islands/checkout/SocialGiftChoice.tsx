/**
 * 「ソーシャルギフトで贈る」 on checkout step 1: instead of choosing an address, the sender buys the
 * cart as a gift sent by link (the receiver enters the address and delivery date). The sender's name
 * and a message (200 characters) travel with the link; 代金引換 cannot pay for a gift. Turning it off
 * brings the address choice back.
 */
import type { ReactNode } from 'react';
import { firstErrorMessage } from '#api-client/core/errors.ts';
import type { Cart } from '#api-client/core/types.ts';
import { useCartStore } from '#stores/cart.ts';
import Deferred from '../common/Deferred.tsx';
import Loading from '../common/Loading.tsx';
import { useId, useState } from '../common/react.ts';

/**
 * The gift switch above the step's address choice (`children`), which shows while the switch is off.
 * The cart comes from the store, loaded by the address choice's own checkout-step check: until it is
 * there the choice runs unseen behind one loader, so the switch never arrives above a loader or a
 * list already on screen and pushes it down (issue 21). The wrapper keeps the choice mounted throughout.
 */
export default function SocialGiftChoice({ children }: { children: ReactNode }) {
  const cart = useCartStore((s) => s.cart);
  const [on, setOn] = useState<boolean | null>(null);
  const giftOn = on ?? cart?.socialGift != null;
  return (
    <>
      {cart ? cart.lines.length > 0 && <GiftSwitch key={cart.token} cart={cart} on={giftOn} setOn={setOn} /> : <Loading />}
      <div hidden={!cart} style={cart ? { display: 'contents' } : undefined}>
        {!giftOn && children}
      </div>
    </>
  );
}

/** The switch and, when on, the sender's name and message (SocialGiftForm.tsx, loaded then). */
function GiftSwitch({ cart, on, setOn }: { cart: Cart; on: boolean; setOn: (on: boolean) => void }) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);

  async function toggle(next: boolean) {
    setOn(next);
    setAlert(null);
    // Turning the gift off at once: the address choice below needs an ordinary cart.
    if (!next && cart.socialGift) {
      try {
        await useCartStore.getState().setSocialGift(null);
      } catch (e) {
        setAlert(firstErrorMessage(e, 'ソーシャルギフトを解除できませんでした。'));
      }
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel stack social-gift-choice">
      <h2 id={`${id}-title`}>ソーシャルギフト</h2>
      <div className="choice">
        <input
          type="checkbox"
          id={`${id}-on`}
          checked={on}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby={`${id}-desc`}
        />
        <div>
          <label htmlFor={`${id}-on`}>
            <strong>ソーシャルギフトで贈る</strong>
          </label>
          <p id={`${id}-desc`} className="muted choice-desc">
            お届け先のご住所がわからなくても贈れます。ご注文後にお送りするURLを相手の方に伝えると、相手の方がお届け先とお届け日時を入力します（代金引換はご利用いただけません）。
          </p>
        </div>
      </div>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      {on && <Deferred load={() => import('./SocialGiftForm.tsx')} props={{ cart }} />}
    </section>
  );
}
