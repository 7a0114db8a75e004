/**
 * The storefront's own types: what islands, stores and screens work with. The API client converts
 * the wire shapes into these at its boundary (reshape.ts, à la Vercel Commerce's reshapeCart), so a
 * screen never reads `detail.products[0].product_info` and a wire change stays inside the client.
 * Product, address, order and user keep the spec's field names (spec 3 names them); the cart is
 * reshaped into what the cart and checkout screens show.
 */
import type { Address, DeliveryAddress } from '#contracts/addresses.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import type { Order, OrderItem, OrderStatus } from '#contracts/orders.ts';
import type { CategoryNode, Product, ProductModel, ProductRef, ProductSort, ProductVariant } from '#contracts/products.ts';
import type { User } from '#contracts/user.ts';

export type {
  Address,
  CategoryNode,
  DeliveryAddress,
  LoginResponse,
  Order,
  OrderItem,
  OrderStatus,
  Product,
  ProductModel,
  ProductRef,
  ProductSort,
  ProductVariant,
  User,
};

/** Consumption tax rate in percent: 10, or the reduced 8 for food. */
export type TaxRate = 10 | 8;

/** One cart line as the cart and confirmation screens show it (money in yen, tax included). */
export interface CartLine {
  /** Identifies the line for modify and delete. */
  key: string;
  productId: number;
  productKey: string;
  name: string;
  image: string;
  unitPriceWithTax: number;
  quantity: number;
  subtotalWithTax: number;
  taxRate: TaxRate;
  /** Food and drink (the reduced 8 % rate): 「食品は返品不可」 applies. */
  isFood: boolean;
  /** On an accessory's line: the key of the line it belongs to (deleted with it). */
  parentKey?: string | null;
  /** The line's 名入れ刺繍 as the API sent it (null or absent: none); shown through embroideryOf. */
  embroidery?: unknown;
}

/** The totals of a cart or an order (yen, tax included unless named otherwise). */
export interface Totals {
  subtotalWithTax: number;
  carriage: number;
  fee: number;
  discount: number;
  usePoint: number;
  /** Gift wrapping and のし fees (0 when none). */
  packing?: number;
  /** Consumption tax contained in the payment. */
  tax: number;
  payment: number;
  /** Per tax rate, highest rate first: the goods (and carriage/fee in 10 %) and their tax. */
  byTaxRate: Array<{ taxRate: TaxRate; total: number; tax: number }>;
  /** Points the order earns (granted at the decision); 0 when none. */
  earnPoint: number;
}

/** Where one shipping of the cart goes. */
export interface CartDelivery {
  id: number;
  /** The address-book entry it was copied from, if any. */
  userAddressId: number | null;
  address: DeliveryAddress;
  /** The keys of the lines going there. */
  productKeys?: string[];
  /** YYYY-MM-DD, or null (指定なし). */
  deliveryDate?: string | null;
  deliveryTimezone?: string | null;
  deliveryTimezoneLabel?: string;
  packingKey?: string | null;
  packingName?: string | null;
  packingFee?: number;
  noshiType?: string | null;
  noshiName?: string | null;
  noshiFee?: number;
  carriage?: number;
}

/** The cart as the storefront sees it. */
export interface Cart {
  token: string;
  lines: CartLine[];
  /** Sum of the line quantities (the header badge). */
  count: number;
  /** Some line is food (the confirmation states the food return rule). */
  hasFood: boolean;
  totals: Totals;
  deliveries: CartDelivery[];
  paymentId: number | null;
  paymentName: string | null;
  orderNo: string | null;
  needsShipping: boolean;
  needsPayment: boolean;
  isDecidable: boolean;
  /** Bought as a social gift: no address (the receiver enters it through the link). */
  socialGift: { senderName: string; message: string } | null;
  /** 備考 for the shop (empty: none). */
  note?: string;
  /** The coupon in use: what it gives now, or why it gives nothing (`notice`). */
  coupons: Array<{ code: string; name: string; discount: number; notice: string | null }>;
  /** The carriage rule in force (channel settings, a running campaign); null from an old draft. */
  carriage: { fee: number; freeFrom: number | null; campaign: string | null } | null;
  /** The last card payment failure (declined, 3-D Secure failed), kept until the shopper has seen it. */
  transactionError?: { message: string; code: string } | null;
}

/** A way to pay; `fee` is yen with tax (the 代引手数料 of 代金引換). */
export interface PaymentMethod {
  id: number;
  code: string;
  name: string;
  description: string;
  fee: number;
}

/** Delivery and return terms from the site settings (one source for confirm, guide and 特定商取引法). */
export interface OrderTerms {
  deliveryLeadTime: string | null;
  returnPolicy: string | null;
  /** The rule for food (「食品は返品不可」), stated when the cart has food. */
  returnPolicyFood: string | null;
}
