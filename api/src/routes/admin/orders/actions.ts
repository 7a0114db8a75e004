/** The staff's actions on one order: 入金確認, 発送, キャンセル, 金額変更, 返金済み (action-routes.ts, action-handlers.ts). */
import type { AdminApp } from '../area.ts';
import { amountOrder, cancelOrder, payOrder, refundedOrder, shipOrder } from './action-handlers.ts';
import { amountOrderRoute, cancelOrderRoute, payOrderRoute, refundedOrderRoute, shipOrderRoute } from './action-routes.ts';

export function registerOrderActionRoutes(admin: AdminApp) {
  admin.openapi(payOrderRoute, payOrder as never);
  admin.openapi(shipOrderRoute, shipOrder as never);
  admin.openapi(cancelOrderRoute, cancelOrder as never);
  admin.openapi(amountOrderRoute, amountOrder as never);
  admin.openapi(refundedOrderRoute, refundedOrder as never);
}
