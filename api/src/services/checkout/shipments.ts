/**
 * The shipments at the order decision: a shipping without lines is left out of the order (it carries
 * nothing and costs nothing); a delivery date that can no longer be chosen (the lead time moved past
 * it overnight) refuses the decision with a Japanese message naming the shipment, before any stock
 * is taken. The order keeps a snapshot of each shipment (orders.shippings, order_items.shipping_index)
 * and the confirmation mail lists them.
 */

import type { CartShipping } from '#contracts/cart.ts';
import { formatDay } from '#contracts/dates.ts';
import type { Tx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import { cartShippingsQuery } from '../carts/queries.ts';
import type { CartLine, CartRow } from '../carts/types.ts';
import { deliveryPlan, isChoosableDelivery } from '../delivery/leadtime.ts';
import { deliverySettings, deliverySettingsOf } from '../delivery/settings.ts';
import { type ShipmentPlan, shipmentPlan } from '../delivery/shipments.ts';

/** One shipment as the order keeps it (orders.shippings[n]). */
export type OrderShipment = Omit<CartShipping, 'id' | 'key'> & { cart_shipping_id: number };

/** One shipment as the confirmation mail lists it. */
export interface MailShipment extends OrderShipment {
  items: { name: string; quantity: number }[];
}

export interface DecisionShipments {
  /** How many shipments the order has (0: none chosen). */
  count: number;
  plan: ShipmentPlan;
  /** orders.shippings, given pricing's carriage per shipment. */
  snapshot: (carriage: number[]) => OrderShipment[];
  /** The mail's shipments, with the names of their lines. */
  mail: (carriage: number[]) => MailShipment[];
}

/** The order's shipments for `lines` (a social gift has none: the receiver chooses). */
export async function decisionShipments(
  tx: Tx,
  channelId: string,
  cart: CartRow,
  lines: CartLine[],
  now: Date,
): Promise<DecisionShipments> {
  const all = cart.is_social_gift ? [] : (cart.shipping_rows ?? (await cartShippingsQuery(tx, cart.id)));
  const values = cart.channel_settings;
  const known = { settings: values, packings: cart.packing_rows };
  const first = await shipmentPlan(tx, channelId, lines, all, known);
  const used = all.filter((_, i) => first.lineShipment.includes(i));
  const plan = used.length === all.length ? first : await shipmentPlan(tx, channelId, lines, used, known);
  const settings = !used.length ? null : values ? deliverySettingsOf(values) : await deliverySettings(tx, channelId);
  for (const [i, row] of used.entries()) {
    if (row.delivery_date == null) continue;
    const productIds = lines.filter((_, k) => plan.lineShipment[k] === i).map((l) => l.product_id);
    const address = row.address as CartShipping['address'];
    const choices = await deliveryPlan(tx, { channelId, productIds, prefecture: address.prefecture, now, settings: settings! });
    if (!isChoosableDelivery(choices, row.delivery_date, row.delivery_timezone)) {
      const who = `${address.last_name} ${address.first_name}`.trim();
      throw unprocessable(
        `${who} 様へのお届け希望日（${formatDay(row.delivery_date)}）はご指定いただけなくなりました。お届け日時を選び直してください。`,
        'cart.decision.delivery_date_unavailable',
        {
          delivery_date: [
            choices.earliest ? `${formatDay(choices.earliest)}以降の日付をお選びください` : 'お届け希望日は現在ご指定いただけません',
          ],
        },
      );
    }
  }
  const snapshot = (carriage: number[]): OrderShipment[] =>
    plan.toWire(carriage).map(({ id, key: _key, ...s }) => ({ cart_shipping_id: id, ...s }));
  return {
    count: used.length,
    plan,
    snapshot,
    mail: (carriage) =>
      snapshot(carriage).map((s, i) => ({
        ...s,
        items: lines.filter((_, k) => plan.lineShipment[k] === i).map((l) => ({ name: l.name, quantity: l.quantity })),
      })),
  };
}
