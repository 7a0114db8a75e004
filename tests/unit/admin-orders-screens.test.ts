/**
 * The order screens' pure helpers: the list's filters kept from the URL (blank ones dropped), its
 * sort links (a second click reverses), and the detail's action forms read into the actions API's
 * requests — checked with the contract's schema before any confirmation, an amount change sending
 * only what changed, the API's `lines.N.*` errors put back on the quantity field of that line, and
 * 返金済み's optional memo.
 */
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#contracts/admin-order-detail.ts';
import { formErrors, readAction } from '#pages/admin/orders/_detail/actions.ts';
import { filtersOf, queryOf, sortLink } from '#pages/admin/orders/_list.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const order = {
  id: 42,
  payment: { name: '銀行振込', status_label: '入金済み' },
  totals: { total_payment: 12_100, shop_discount: 0 },
  lines: [
    { id: 7, name: 'リネンシャツ', quantity: 2 },
    { id: 8, name: '靴下', quantity: 1 },
  ],
  deliveries: [
    { index: 0, address: { last_name: '山田', first_name: '花子', prefecture: '京都府', city: '京都市下京区', address1: '1-1' } },
  ],
} as unknown as AdminOrderDetail;

describe("the list's query", () => {
  it('keeps the known filters of the URL with a value, and builds links from them', () => {
    const f = filtersOf(new URLSearchParams('name=%E5%B1%B1%E7%94%B0&status=&page=3&evil=1&sort=total&dir=asc'));
    expect(f).toEqual({ name: '山田', sort: 'total', dir: 'asc' });
    expect(queryOf(f, { page: 2 })).toBe('?name=%E5%B1%B1%E7%94%B0&sort=total&dir=asc&page=2');
    expect(queryOf({})).toBe('');
  });

  it('sorts by a heading largest or newest first, the other way on a second click, and says which in aria-sort', () => {
    expect(sortLink({}, 'total')).toEqual({ href: '?sort=total&dir=desc', current: undefined });
    expect(sortLink({ sort: 'total', dir: 'desc' }, 'total')).toEqual({ href: '?sort=total&dir=asc', current: 'descending' });
    expect(sortLink({}, 'ordered_at').current).toBe('descending');
    expect(sortLink({ name: '山田', page: '4' } as never, 'order_no').href).toBe('?name=%E5%B1%B1%E7%94%B0&sort=order_no&dir=asc');
  });
});

describe("the detail's action forms", () => {
  it("checks a shipment's 伝票番号 with the contract before any confirmation, then names the call", () => {
    const bad = readAction(form({ _action: 'ship', index: '0', carrier: 'sagawa', tracking_no: 'ab' }), order)!;
    expect(bad.call).toBeUndefined();
    expect(bad.errors.tracking_no).toEqual(['伝票番号は半角英数字とハイフンで4〜30文字で入力してください']);
    const good = readAction(form({ _action: 'ship', index: '0', carrier: 'sagawa', tracking_no: ' 3698-7412-5896 ' }), order)!;
    expect(good.call).toEqual({ path: '/orders/42/shipments/0/ship', body: { carrier: 'sagawa', tracking_no: '3698-7412-5896' } });
    expect(good.summary).toContainEqual(['配送業者', '佐川急便']);
    expect(readAction(form({ _action: 'ship', index: '3' }), order)).toBeNull();
    expect(readAction(form({ _action: 'refund' }), order)).toBeNull();
  });

  it('requires a reason to cancel and calls POST …/cancel with it', () => {
    expect(readAction(form({ _action: 'cancel', reason: ' ' }), order)!.errors.reason).toEqual(['キャンセル理由は必須項目です']);
    expect(readAction(form({ _action: 'cancel', reason: '在庫切れ' }), order)!.call).toEqual({
      path: '/orders/42/cancel',
      body: { reason: '在庫切れ' },
    });
  });

  it("sends an amount change's changed lines and 値引き only, and puts the API's line errors on that line's field", () => {
    const a = readAction(form({ _action: 'amount', qty_7: '1', qty_8: '1', discount: '500', reason: '電話で依頼' }), order)!;
    expect(a.call).toEqual({
      path: '/orders/42/amount',
      body: { lines: [{ item_id: 7, quantity: 1 }], discount: 500, reason: '電話で依頼' },
    });
    expect(a.summary).toEqual([
      ['リネンシャツ', '2点 → 1点'],
      ['値引き', '¥0 → ¥500'],
      ['変更理由', '電話で依頼'],
    ]);
    expect(formErrors(a, { 'lines.0.quantity': ['在庫が不足しています'], discount: ['値引き額は¥1,000以下で入力してください'] })).toEqual({
      qty_7: ['在庫が不足しています'],
      discount: ['値引き額は¥1,000以下で入力してください'],
    });

    const nothing = readAction(form({ _action: 'amount', qty_7: '2', qty_8: '1', discount: '0', reason: 'x' }), order)!;
    expect(nothing.call).toBeUndefined();
    expect(nothing.errors._amount).toEqual(['変更する数量または値引き額を入力してください']);
    const wrong = readAction(form({ _action: 'amount', qty_7: 'たくさん', qty_8: '1', discount: '0', reason: '' }), order)!;
    expect(Object.keys(wrong.errors).sort()).toEqual(['qty_7', 'reason']);
  });

  it('marks a refund made by hand with an optional memo of at most 200 characters', () => {
    const bare = readAction(form({ _action: 'refunded', reason: '  ' }), order)!;
    expect(bare.call).toEqual({ path: '/orders/42/refunded', body: {} });
    expect(bare.summary).toEqual([
      ['お支払い方法', '銀行振込'],
      ['返金額', '¥12,100'],
      ['返金メモ', '（なし）'],
    ]);
    expect(readAction(form({ _action: 'refunded', reason: ' 12/3 振込 ' }), order)!.call).toEqual({
      path: '/orders/42/refunded',
      body: { reason: '12/3 振込' },
    });
    const long = readAction(form({ _action: 'refunded', reason: 'あ'.repeat(201) }), order)!;
    expect(long.call).toBeUndefined();
    expect(long.errors.reason).toEqual([expect.stringContaining('返金メモ')]);
  });
});
