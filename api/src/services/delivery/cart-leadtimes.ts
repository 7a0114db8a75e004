/**
 * A cart's lead times, GET /v1/shipping-leadtime/carts/{token}: per shipping, its choosable dates,
 * time slots, wrapping and のし. The cart's own delivery operations are in services/carts/ (shipping.ts).
 */
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { CartLeadtimeQuery, CartLeadtimes, LeadtimeChoiceMode } from '#contracts/delivery.ts';
import { NOSHI_NAME_MAX, NOSHI_TYPES } from '#contracts/delivery-choices.ts';
import { readCart } from '../carts/access.ts';
import { cartStatements } from '../carts/queries.ts';
import type { CartScope } from '../carts/types.ts';
import { deliveryPlan } from './leadtime.ts';
import { deliverySettings } from './settings.ts';
import { channelPackings, planShipments } from './shipments.ts';

/** GET /v1/shipping-leadtime/carts/{token}: per shipping (all, or those in `keys`), its choosable dates and slots. */
export async function cartLeadtimes(s: CartScope, token: string, query: CartLeadtimeQuery): Promise<CartLeadtimes> {
  const cart = await readCart(s.db, s.channel.id, s.user, token);
  const statements = cartStatements(s.db);
  const [lines, rows, settings, packingList] = await Promise.all([
    statements.cartLines.execute({ cartId: cart.id }),
    statements.cartShippings.execute({ cartId: cart.id }),
    deliverySettings(s.db, s.channel.id),
    channelPackings(s.db, s.channel.id),
  ]);
  const mode: LeadtimeChoiceMode = query.choiceMode ?? 'date';
  const wanted = query.keys ? new Set(query.keys.split(',').map(Number)) : null;
  const plan = planShipments(lines, rows, packingList, settings.noshiFee);
  const wire = plan.toWire([]);
  const leadtimes = await Promise.all(
    rows.map(async (row, i) => {
      if (wanted && !wanted.has(row.id)) return null;
      const address = row.address as DeliveryAddress;
      const productIds = lines.filter((_, k) => plan.lineShipment[k] === i).map((l) => l.product_id);
      const p = await deliveryPlan(s.db, { channelId: s.channel.id, productIds, prefecture: address.prefecture, settings });
      return {
        shipping_key: String(row.id),
        order_shipping_id: row.id,
        packing_key: row.packing_key,
        prefecture: address.prefecture,
        product_keys: wire[i].product_keys,
        ship_date: p.ship_date,
        earliest: p.earliest,
        latest: p.dates[p.dates.length - 1] ?? null,
        dates: mode === 'date' ? p.dates : [],
        timezones: p.timezones,
      };
    }),
  );
  return {
    choice_mode: mode,
    leadtimes: leadtimes.filter((l) => l != null),
    packings: packingList,
    noshi: { types: [...NOSHI_TYPES], fee: settings.noshiFee, name_max: NOSHI_NAME_MAX },
  };
}
