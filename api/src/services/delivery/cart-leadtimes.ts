/**
 * The delivery operations of the cart (each answers the whole Cart) and its lead-time answer:
 * PATCH /v1/carts/shippings/modify, /products/divide, /packings/add|modify, /other/modify and
 * GET /v1/shipping-leadtime/carts/{token}. The rules live in services/cart/shipping.ts and leadtime.ts.
 */
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type {
  CartDivideRequest, CartLeadtimeQuery, CartLeadtimes, CartOtherModifyRequest, CartPackingAddRequest, CartPackingModifyRequest,
  CartShippingModifyRequest, LeadtimeChoiceMode,
} from '#contracts/delivery.ts';
import { NOSHI_NAME_MAX, NOSHI_TYPES } from '#contracts/delivery-choices.ts';
import { readCart } from '../carts/access.ts';
import { change, type CartScope } from '../carts/index.ts';
import { cartStatements } from '../carts/queries.ts';
import { divideLine, modifyShipping, setOtherNote, setPacking } from '../carts/shipping.ts';
import { deliveryPlan } from './leadtime.ts';
import { deliverySettings } from './settings.ts';
import { channelPackings, planShipments } from './shipments.ts';

/** PATCH /v1/carts/shippings/modify. */
export const modifyCartShipping = (s: CartScope, { token, ...input }: CartShippingModifyRequest) =>
  change(s, token, (tx, cart) => modifyShipping(tx, s.channel.id, cart, s.user, { token, ...input }));

/** PATCH /v1/carts/products/divide. */
export const divideCartProduct = (s: CartScope, input: CartDivideRequest) =>
  change(s, input.token, (tx, cart) => divideLine(tx, cart, input));

/** PATCH /v1/carts/packings/add: sets the shipping's wrapping and のし (missing のし fields clear them). */
export const addCartPacking = (s: CartScope, input: CartPackingAddRequest) =>
  change(s, input.token, (tx, cart) => setPacking(tx, s.channel.id, cart, input, true));

/** PATCH /v1/carts/packings/modify: changes only the fields given. */
export const modifyCartPacking = (s: CartScope, input: CartPackingModifyRequest) =>
  change(s, input.token, (tx, cart) => setPacking(tx, s.channel.id, cart, input, false));

/** PATCH /v1/carts/other/modify: the 備考. */
export const modifyCartOther = (s: CartScope, { token, note }: CartOtherModifyRequest) =>
  change(s, token, (tx, cart) => setOtherNote(tx, cart, note));

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
  const leadtimes = await Promise.all(rows.map(async (row, i) => {
    if (wanted && !wanted.has(row.id)) return null;
    const address = row.address as DeliveryAddress;
    const productIds = lines.filter((_, k) => plan.lineShipment[k] === i).map((l) => l.product_id);
    const p = await deliveryPlan(s.db, { channelId: s.channel.id, productIds, prefecture: address.prefecture, settings });
    return {
      shipping_key: String(row.id), order_shipping_id: row.id, packing_key: row.packing_key, prefecture: address.prefecture,
      product_keys: wire[i].product_keys, ship_date: p.ship_date, earliest: p.earliest, latest: p.dates[p.dates.length - 1] ?? null,
      dates: mode === 'date' ? p.dates : [], timezones: p.timezones,
    };
  }));
  return {
    choice_mode: mode,
    leadtimes: leadtimes.filter((l) => l != null),
    packings: packingList,
    noshi: { types: [...NOSHI_TYPES], fee: settings.noshiFee, name_max: NOSHI_NAME_MAX },
  };
}
