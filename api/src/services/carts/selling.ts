/** Selling stop (spec 4): PLUGIN.TEMPORARY_STOP_SELLING.IS_USE on and .SELLING false refuses cart additions and decisions. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { FRONT_SETTING_DEFAULTS } from '../settings/index.ts';
import { cartErrors } from './errors.ts';
import type { CartRow } from './types.ts';

const KEYS = ['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING'] as const;

/** Whether selling is stopped on the channel (pure over the two settings). */
export function sellingStopped(values: Partial<Record<(typeof KEYS)[number], unknown>>): boolean {
  const on = values[KEYS[0]] ?? FRONT_SETTING_DEFAULTS[KEYS[0]];
  const selling = values[KEYS[1]] ?? FRONT_SETTING_DEFAULTS[KEYS[1]];
  return on === true && selling === false;
}

/** Throws cart.selling_stopped (422) when selling is stopped on the channel. */
export async function assertSelling(conn: Db | Tx, channelId: string): Promise<void> {
  const found = await conn
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), inArray(settings.key, [...KEYS])));
  if (sellingStopped(Object.fromEntries(found.map((r) => [r.key, r.value])))) throw cartErrors.sellingStopped();
}

/** The same check on a cart: with the settings read along with its row (queries.ts), or read now. */
export async function assertCartSelling(conn: Db | Tx, cart: CartRow): Promise<void> {
  if (!cart.channel_settings) return assertSelling(conn, cart.channel_id);
  if (sellingStopped(cart.channel_settings)) throw cartErrors.sellingStopped();
}
