/**
 * The pure parts of the staff's order actions: 金額変更's pricing (amount-plan.ts: figures by hand),
 * the shipping mail's text (tracking link, a gift's sender never sees the address) and the
 * tracking link itself.
 */
import { describe, expect, it } from 'vitest';
import { trackingUrl } from '#contracts/admin-order-actions.ts';
import { type PlanInput, type PlanLine, planAmount } from '../../api/src/services/admin/orders/actions/amount-plan.ts';
import { shipMailText } from '../../api/src/services/admin/orders/actions/ship-mail.ts';

const line = (id: number, unit_price: number, tax_rate: number, quantity: number, shipping_index = 0): PlanLine => ({
  id,
  product_id: 100 + id,
  name: `商品${id}`,
  code: `P-${id}`,
  unit_price,
  tax_rate,
  quantity,
  shipping_index,
});

const base = (over: Partial<PlanInput> = {}): PlanInput => ({
  items: [line(1, 3000, 10, 2), line(2, 500, 8, 3)],
  changes: [],
  discount: undefined,
  current: { shop_discount: 0, use_point: 0, coupons: [], shippings: [{ address: {}, carriage: 0, packing_fee: 0, noshi_fee: 0 }] },
  coupon: null,
  payment: { fee: 0, settings: {} },
  carriage: { fee: 660, freeFrom: 5500 },
  pointRate: 1,
  ...over,
});

const planned = (input: PlanInput) => {
  const r = planAmount(input);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plan;
};

describe('金額変更 pricing', () => {
  it("re-prices as the decision does: tax once per rate, carriage below the threshold, points at the order's rate", () => {
    const same = planned(base());
    expect(same.changed).toBe(false);
    expect(same.pricing.order.total_payment).toBe(8220);
    expect(same.earned).toBe(75);
    const p = planned(
      base({
        changes: [
          { item_id: 1, quantity: 1 },
          { item_id: 2, quantity: 0 },
        ],
      }),
    );
    expect(p.changed).toBe(true);
    expect(p.pricing.order).toMatchObject({ total_payment: 3960, total_carriage: 660, total_tax: 360 });
    expect(p.removed.map((l) => l.id)).toEqual([2]);
    expect([...p.stock]).toEqual([
      [101, -1],
      [102, -3],
    ]);
    expect(p.earned).toBe(30);
    expect(p.shippings).toEqual([{ address: {}, carriage: 660, packing_fee: 0, noshi_fee: 0 }]);
  });

  it('keeps a percent coupon on the new goods, an amount coupon as it was, and refuses a 値引き beyond the goods', () => {
    const percent = planned(
      base({
        items: [line(1, 3000, 10, 2)],
        changes: [{ item_id: 1, quantity: 3 }],
        current: { ...base().current, coupons: [{ code: 'P10', name: '', discount: 660 }] },
        coupon: { discount_type: 'percent', discount_value: 10, max_discount: null },
      }),
    );
    expect([percent.couponDiscount, percent.pricing.order.total_payment, percent.coupons[0].discount]).toEqual([990, 8910, 990]);
    const amount = planned(
      base({
        items: [line(1, 3000, 10, 2)],
        changes: [{ item_id: 1, quantity: 1 }],
        current: { ...base().current, coupons: [{ code: 'A500', name: '', discount: 500 }] },
        coupon: { discount_type: 'amount', discount_value: 500, max_discount: null },
      }),
    );
    expect(amount.pricing.order.total_payment).toBe(3300 - 500 + 660);
    expect(planAmount(base({ items: [line(1, 1000, 10, 2)], discount: 2201 }))).toEqual({
      ok: false,
      errors: { discount: ['値引き額は¥2,200以下で入力してください'] },
    });
  });

  it('caps the points used at the new total and says how many go back', () => {
    const p = planned(
      base({ items: [line(1, 3000, 10, 2)], changes: [{ item_id: 1, quantity: 1 }], current: { ...base().current, use_point: 5000 } }),
    );
    expect([p.usePoint, p.returnedPoint, p.pricing.order.total_payment]).toEqual([3960, 1040, 0]);
  });

  it("drops the wrapping of a delivery left empty, keeps the others'", () => {
    const p = planned(
      base({
        items: [line(1, 3000, 10, 1, 0), line(2, 3000, 10, 1, 1)],
        changes: [{ item_id: 2, quantity: 0 }],
        current: {
          ...base().current,
          shippings: [
            { carriage: 660, packing_fee: 300, noshi_fee: 0 },
            { carriage: 660, packing_fee: 300, noshi_fee: 110 },
          ],
        },
      }),
    );
    expect(p.pricing.order.total_packing).toBe(300);
    expect(p.shippings[1]).toMatchObject({ carriage: 0, packing_fee: 0, noshi_fee: 0 });
  });

  it('names the field of each refusal', () => {
    expect(
      planAmount(
        base({
          changes: [
            { item_id: 9, quantity: 1 },
            { item_id: 1, quantity: 1 },
            { item_id: 1, quantity: 2 },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      errors: { 'lines.0.item_id': ['明細が見つかりません'], 'lines.2.item_id': ['同じ明細が2回指定されています'] },
    });
    expect(
      planAmount(
        base({
          changes: [
            { item_id: 1, quantity: 0 },
            { item_id: 2, quantity: 0 },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      errors: { lines: ['明細を1つ以上残してください（すべて取り消す場合はキャンセルしてください）'] },
    });
  });
});

describe('the shipping mail', () => {
  const mail = (over: Partial<Parameters<typeof shipMailText>[0]> = {}) =>
    shipMailText({
      shop: 'テスト商店',
      customerName: '佐藤 花子',
      orderNo: '20261127-000042',
      orderedAt: new Date('2026-11-27T00:05:00Z'),
      shippedAt: new Date('2026-11-28T15:30:00Z'),
      carrier: 'sagawa',
      trackingNo: '1234-5678-9012',
      delivery: {
        address: { full_address: '〒100-0001 東京都千代田区千代田1-1', last_name: '佐藤', first_name: '花子' } as never,
        delivery_date: '2026-12-01',
        delivery_timezone: null,
      },
      isGift: false,
      lines: [{ name: 'タオル', code: 'TW-1', quantity: 2 }],
      label: null,
      ...over,
    });

  it('carries the carrier, the 伝票番号, the tracking link, Japan dates and the lines', () => {
    const { subject, body } = mail();
    expect(subject).toBe('【テスト商店】商品発送のお知らせ');
    expect(body).toContain(
      '■ 配送業者：佐川急便\n■ 伝票番号：1234-5678-9012\n■ お荷物の追跡：https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012',
    );
    expect(body).toContain('■ ご注文日：2026.11.27\n■ 発送日：2026.11.29');
    expect(body).toContain('■ お届け希望日時：2026.12.01（火）（指定なし）');
    expect(body).toContain('〒100-0001 東京都千代田区千代田1-1\n佐藤 花子 様');
    expect(body).toContain('タオル（TW-1） × 2');
  });

  it("never shows a gift's address to its sender; a carrier without tracking says to ask it", () => {
    const { body } = mail({ isGift: true, carrier: 'other' });
    expect(body).not.toContain('千代田');
    expect(body).toContain('お受け取りになる方へ発送いたしました');
    expect(body).toContain('■ お荷物の状況は配送業者へお問い合わせください。');
    expect(trackingUrl('other', '1234')).toBeNull();
    expect(trackingUrl('japanpost', 'AB-12 34')).toBe('https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=AB1234');
  });
});
