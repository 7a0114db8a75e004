/**
 * The refusals of the staff's order actions, each with its code; the /admin/orders/{id}/ screen shows
 * the message as it is (docs/api.md "Back office" lists them). 409: another action got there first
 * or is in flight; 422: the order's state does not allow the action.
 */
import { ApiError, unprocessable } from '../../../../lib/errors.ts';
import { yen } from '../../../mail/index.ts';

export { busy } from '../../../orders/charge.ts';

export const shipErrors = {
  alreadyShipped: (tracking: string) =>
    new ApiError(409, `この配送先はすでに発送済みです（伝票番号 ${tracking}）。`, { code: 'order.ship.already_shipped' }),
  giftWaiting: () => unprocessable('ギフトを受け取る方がまだお届け先を入力していないため、発送できません。', 'order.ship.gift_waiting'),
  empty: () => unprocessable('この配送先に発送する商品がありません。', 'order.ship.empty'),
  unpaid: (name: string) =>
    unprocessable(`${name}のご入金が確認できていないため発送できません。入金確認を行ってから発送してください。`, 'order.ship.unpaid'),
  fraud: () =>
    unprocessable('カードの不正利用の疑いがあるため発送できません。決済代行会社の審査結果をご確認ください。', 'order.ship.fraud_suspected'),
  paymentState: (status: string) => unprocessable(`カード決済の状態（${status}）のため発送できません。`, 'order.ship.payment_state'),
  captureFailed: (reason: string) =>
    unprocessable(
      `売上確定に失敗しました（${reason}）。発送は記録していません。時間をおいてもう一度お試しください。`,
      'order.capture_failed',
    ),
};

export const amountErrors = {
  shipped: () => unprocessable('発送済みの配送先があるご注文は金額を変更できません。', 'order.amount.shipped'),
  paymentState: (status: string) =>
    unprocessable(`お支払い状況が「${status}」のご注文は金額を変更できません。`, 'order.amount.payment_state'),
  notAvailable: (reason: string) => unprocessable(`変更後の金額では${reason}`, 'order.amount.payment_not_available'),
  stock: (name: string, stock: number) => unprocessable(`「${name}」の在庫が不足しています（残り${stock}点）。`, 'order.amount.stock'),
  /** The card company's words (the test provider: 「増額の与信が承認されませんでした。」), then what it means here. */
  declined: (reason: string) =>
    unprocessable(
      `${(reason || '増額の与信が承認されませんでした').replace(/。$/, '')}。金額は変更していません。`,
      'order.amount.declined',
    ),
  unavailable: (reason: string) =>
    unprocessable(`カードの金額を変更できませんでした（${reason}）。金額は変更していません。`, 'order.amount.payment_failed'),
  conflict: () =>
    new ApiError(409, '処理中にご注文の内容が変わりました。画面を更新してもう一度お試しください。', { code: 'order.amount.conflict' }),
  discountTooLarge: (max: number) => `値引き額は${yen(max)}以下で入力してください`,
};

export const refundedErrors = {
  notApplicable: () =>
    unprocessable(
      '返金済みにできるのは、入金済みのままキャンセルされ、まだ返金を記録していないご注文（銀行振込・コンビニ払い・後払い・代金引換）だけです。',
      'order.refunded.not_applicable',
    ),
};
