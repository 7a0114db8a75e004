/** How a payment method's fee reads on the payment and confirmation screens. */
import type { PaymentMethod } from '#api-client/core/types.ts';
import { formatYenWithTax } from '#lib/money.ts';

/** '手数料 ¥330（税込）' or '手数料無料', from the method's own fee in the API answer (never a constant). */
export function feeText(method: Pick<PaymentMethod, 'fee'>): string {
  return method.fee > 0 ? `手数料 ${formatYenWithTax(method.fee)}` : '手数料無料';
}
