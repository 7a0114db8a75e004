/**
 * The cart's shipments as pricing and the wire see them: which shipment each line goes with (its
 * cart_shipping_id; none, or a shipping since removed, means the first), each shipment's wrapping
 * and のし fees (a shipment without lines costs nothing and is dropped at the decision), and the
 * wire CartShipping with labels, fees and carriage. Used by the cart view and the decision alike.
 */
import { and, eq } from 'drizzle-orm';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { CartShipping } from '#contracts/cart.ts';
import { timezoneLabelOf } from '#contracts/delivery-choices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { packings } from '../../db/schema/index.ts';
import type { PricingShipment } from '../carts/pricing.ts';
import type { CartShippingRow, PackingRow } from '../carts/types.ts';
import { deliverySettings, deliverySettingsOf } from './settings.ts';

type Conn = Db | Tx;

/** The channel's active wrapping choices, in order. */
export async function channelPackings(conn: Conn, channelId: string): Promise<PackingRow[]> {
  return conn
    .select({ key: packings.key, name: packings.name, description: packings.description, fee: packings.fee })
    .from(packings)
    .where(and(eq(packings.channel_id, channelId), eq(packings.is_active, true)))
    .orderBy(packings.sort, packings.id);
}

export interface ShipmentPlan {
  /** Per line: the index of its shipment (the pricing input's `shipment`). */
  lineShipment: number[];
  /** Per shipment: its fees for pricing (an empty shipment none). */
  shipments: PricingShipment[];
  /** The wire shippings, given pricing's carriage per shipment. */
  toWire: (carriage: number[]) => CartShipping[];
}

/** Pure: the plan of `lines` over `rows`, with the packings and のし fee in force. */
export function planShipments(
  lines: { key: string; cart_shipping_id: number | null }[],
  rows: CartShippingRow[],
  packingList: PackingRow[],
  noshiFee: number,
): ShipmentPlan {
  const index = new Map(rows.map((r, i) => [r.id, i]));
  const lineShipment = lines.map((l) => (l.cart_shipping_id != null ? (index.get(l.cart_shipping_id) ?? 0) : 0));
  const keysOf = rows.map((_, i) => lines.filter((_l, k) => lineShipment[k] === i).map((l) => l.key));
  const byKey = new Map(packingList.map((p) => [p.key, p]));
  const fees = rows.map((r, i) => {
    const packing = r.packing_key ? (byKey.get(r.packing_key) ?? null) : null;
    const empty = !keysOf[i].length;
    return { packing, packingFee: empty ? 0 : (packing?.fee ?? 0), noshiFee: empty || !r.noshi_type ? 0 : noshiFee };
  });
  return {
    lineShipment,
    shipments: rows.length ? fees.map((f) => ({ packingFee: f.packingFee + f.noshiFee })) : [{ packingFee: 0 }],
    toWire: (carriage) =>
      rows.map((r, i) => ({
        id: r.id,
        key: String(r.id),
        user_address_id: r.user_address_id,
        address: r.address as DeliveryAddress,
        product_keys: keysOf[i],
        delivery_date: r.delivery_date,
        delivery_timezone: r.delivery_timezone,
        delivery_timezone_label: timezoneLabelOf(r.delivery_timezone),
        packing_key: r.packing_key,
        packing_name: fees[i].packing?.name ?? null,
        packing_fee: fees[i].packingFee,
        noshi_type: r.noshi_type,
        noshi_name: r.noshi_name,
        noshi_fee: fees[i].noshiFee,
        carriage: carriage[i] ?? 0,
      })),
  };
}

/** What the cart read already brought (carts/queries.ts): the settings' values and the packings. */
export interface KnownForPlan {
  settings?: Record<string, unknown>;
  packings?: PackingRow[];
}

/**
 * The plan for a cart's lines and shipping rows (reads the packings and the のし fee, unless the
 * cart read already brought them).
 */
export async function shipmentPlan(
  conn: Conn,
  channelId: string,
  lines: { key: string; cart_shipping_id: number | null }[],
  rows: CartShippingRow[],
  known: KnownForPlan = {},
): Promise<ShipmentPlan> {
  if (!rows.length) return planShipments(lines, rows, [], 0);
  const [packingList, settings] = await Promise.all([
    known.packings ?? channelPackings(conn, channelId),
    known.settings ? deliverySettingsOf(known.settings) : deliverySettings(conn, channelId),
  ]);
  return planShipments(lines, rows, packingList, settings.noshiFee);
}
