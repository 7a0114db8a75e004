/** Order handlers: the signed-in member's orders. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { enforce } from '../../services/account/common.ts';
import { cancelOrder } from '../../services/orders/cancel.ts';
import { getOrder, listOrders } from '../../services/orders/index.ts';
import { orderReceipt, RECEIPT_LIMIT } from '../../services/orders/receipt.ts';
import { rateLimitStore } from '../../services/rate-limit/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listOrders(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));

export const detail: AppRouteHandler<typeof routes.detail> = async (c) =>
  ok(c, await getOrder(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const cancel: AppRouteHandler<typeof routes.cancel> = async (c) => {
  const channel = c.get('channel');
  const order = await cancelOrder(
    { db: c.get('db'), env: c.get('env'), channel: { id: channel.id, name: channel.name }, userId: c.get('user')!.id },
    c.req.valid('param').id,
    c.req.valid('json').cancel_reason,
  );
  return ok(c, order);
};

export const receipt: AppRouteHandler<typeof routes.receipt> = async (c) => {
  const channel = c.get('channel');
  // Drawing a PDF (font subsetting included) costs CPU: a member gets RECEIPT_LIMIT of them per window.
  await enforce(rateLimitStore(c.get('db'), c.get('env')), `receipt:user:${c.get('user')!.id}`, RECEIPT_LIMIT);
  const { filename, pdf } = await orderReceipt(
    c.get('db'),
    { id: channel.id, name: channel.name },
    c.get('user')!.id,
    c.req.valid('param').id,
    c.req.valid('query').name,
  );
  // A member's document: never cached by a shared cache; RFC 6266 filename* for the Japanese name.
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="receipt-${filename.ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`領収書_${filename.ascii}.pdf`)}`,
    'Cache-Control': 'private, no-store',
  }) as never;
};
