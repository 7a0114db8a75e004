/** Handlers of the staff's order list, its CSV export and one order's detail: read the input, call the service, answer. */
import type { Context } from 'hono';
import type { AdminOrderExportQuery, AdminOrderListQuery } from '#contracts/admin-orders.ts';
import { ok, paged } from '../../../lib/respond.ts';
import { adminOrderDetail, exportOrdersCsv, listAdminOrders } from '../../../services/admin/orders/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
const valid = <T>(c: C, target: 'query' | 'param') => (c.req.valid as (t: string) => T)(target);

export const listOrders = async (c: C) =>
  paged(c, await listAdminOrders(c.get('db'), c.get('channel').id, valid<AdminOrderListQuery>(c, 'query')));

export const orderDetail = async (c: C) =>
  ok(
    c,
    await adminOrderDetail(
      c.get('db'),
      c.get('channel').id,
      valid<{ id: number }>(c, 'param').id,
      valid<{ channel?: string }>(c, 'query').channel,
    ),
  );

export const exportOrders = async (c: C) => {
  const file = await exportOrdersCsv(c.get('db'), c.get('channel').id, valid<AdminOrderExportQuery>(c, 'query'));
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
  return c.body(file.bytes as unknown as ArrayBuffer, 200);
};
