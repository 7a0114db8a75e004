/**
 * Coupon and points on the confirmation step: 「クーポンコード」 with 適用/解除 (the server's reason
 * shown on the field), and for a member the balance with 「ポイントを利用する」 (whole points, at most
 * the balance and the total; the server checks both again). Each change answers the whole cart, so
 * the totals beside it follow; nothing moves in the balance until the order is placed.
 */

import { addCartCoupon, deleteCartCoupon, setCartPoint } from '#api-client/cart/cart.ts';
import { ApiError, firstErrorMessage } from '#api-client/core/errors.ts';
import type { Cart } from '#api-client/core/types.ts';
import { getMyPoints } from '#api-client/mypage/points.ts';
import { formatNumber, formatYen } from '#lib/money.ts';
import { useCartStore } from '#stores/cart.ts';
import { useEffect, useState } from '../common/react.ts';

/** The message of `field` in a failed call (the server names it), else its general message. */
function fieldError(e: unknown, field: string, fallback: string): string {
  if (e instanceof ApiError && e.errors?.[field]?.length) return e.errors[field][0];
  return firstErrorMessage(e, fallback) ?? fallback;
}

/** The coupon and points fields of the confirmation step (everyone there is signed in: MemberGate). */
export default function BenefitsFields({ cart }: { cart: Cart }) {
  return (
    <section aria-labelledby="confirm-benefits" className="panel stack">
      <h2 id="confirm-benefits">クーポン・ポイント</h2>
      <CouponField cart={cart} />
      <PointField cart={cart} />
      {cart.totals.earnPoint > 0 && (
        <p>
          このご注文で <strong>{formatNumber(cart.totals.earnPoint)}ポイント</strong> 獲得予定です（お支払いの確認後または発送後に付与）。
        </p>
      )}
    </section>
  );
}

function CouponField({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const used = cart.coupons[0];

  async function run(call: (token: string) => ReturnType<typeof addCartCoupon>) {
    setBusy(true);
    setError(null);
    try {
      await useCartStore.getState().apply(call);
      setCode('');
    } catch (e) {
      setError(fieldError(e, 'code', 'クーポンを適用できませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  if (used) {
    return (
      <div>
        <p>
          ご利用中のクーポン：<strong>{used.name}</strong>（{used.code}）{used.discount > 0 ? <> −{formatYen(used.discount)}</> : null}
        </p>
        {used.notice && (
          <p className="alert" role="alert">
            {used.notice}
          </p>
        )}
        <button type="button" className="btn" disabled={busy} onClick={() => run((token) => deleteCartCoupon({ token, code: used.code }))}>
          クーポンを解除する
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void run((token) => addCartCoupon({ token, code }));
      }}
    >
      <label htmlFor="coupon-code">クーポンコード</label>
      <input
        id="coupon-code"
        name="code"
        value={code}
        maxLength={32}
        autoComplete="off"
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'coupon-code-error' : undefined}
      />
      <button type="submit" className="btn" disabled={busy || !code.trim()}>
        適用する
      </button>
      {error && (
        <p id="coupon-code-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function PointField({ cart }: { cart: Cart }) {
  const [balance, setBalance] = useState<number | null>(null);
  const [value, setValue] = useState(String(cart.totals.usePoint || ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getMyPoints().then(
      (p) => {
        if (live) setBalance(p.point_balance);
      },
      () => {
        if (live) setBalance(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  async function apply(points: number) {
    setBusy(true);
    setError(null);
    try {
      await useCartStore.getState().apply((token) => setCartPoint({ token, use_point: points }));
      setValue(points ? String(points) : '');
    } catch (e) {
      setError(fieldError(e, 'use_point', 'ポイントを利用できませんでした。'));
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    const trimmed = value.normalize('NFKC').trim();
    if (!/^\d+$/.test(trimmed || '0')) {
      setError('ご利用ポイントは0以上の整数で入力してください');
      return;
    }
    void apply(Number(trimmed || '0'));
  }

  if (balance === 0 && cart.totals.usePoint === 0) return <p>保有ポイント：0ポイント</p>;
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p>
        保有ポイント：<strong>{balance === null ? '—' : `${formatNumber(balance)}ポイント`}</strong>（1ポイント＝1円）
      </p>
      <label htmlFor="use-point">ご利用ポイント</label>
      <input
        id="use-point"
        name="use_point"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'use-point-error' : undefined}
      />
      <button type="submit" className="btn" disabled={busy}>
        ポイントを利用する
      </button>
      {cart.totals.usePoint > 0 && (
        <button type="button" className="btn" disabled={busy} onClick={() => void apply(0)}>
          利用をやめる
        </button>
      )}
      {error && (
        <p id="use-point-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
