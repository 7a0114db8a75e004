/** The staff's actions on one order: 入金確認, 発送, キャンセル, 金額変更 (action-routes.ts, action-handlers.ts). */
import type { AdminApp } from '../area.ts';
import { payOrder, shipOrder } from './action-handlers.ts';
import { payOrderRoute, shipOrderRoute } from './action-routes.ts';

export function registerOrderActionRoutes(admin: AdminApp) {
  admin.openapi(shipOrderRoute, shipOrder as never);
  admin.openapi(payOrderRoute, payOrder as never);
}
