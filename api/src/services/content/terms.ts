/**
 * Placeholders in static and landing pages, so the guide, the 特定商取引法 page and checkout state
 * the same terms from one source: `{{ORDER.DELIVERY_LEAD_TIME}}`, `{{ORDER.RETURN_POLICY}}`,
 * `{{ORDER.RETURN_POLICY_FOOD}}` (the channel's settings) and `{{PAYMENT_FEE:<code>}}` (the active
 * payment method's fee, e.g. 「330円」), `{{ORDER.CARRIAGE.FEE}}` and `{{ORDER.CARRIAGE.FREE_FROM}}` (the
 * standing carriage rule, 「660円」 「5,500円」). Only these public keys are filled; anything else is left as
 * written, so a page can never reveal a private setting.
 */
import type { Db, Tx } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { activePayments } from '../payments/index.ts';
import { standingCarriage } from '../points/settings.ts';
import { publicTextSettings, TERM_SETTING_DEFAULTS } from '../settings/index.ts';

type Conn = Db | Tx;

const TERM_KEYS = Object.keys(TERM_SETTING_DEFAULTS) as (keyof typeof TERM_SETTING_DEFAULTS)[];
const PLACEHOLDER = /\{\{\s*([A-Z][A-Z0-9_.]*|PAYMENT_FEE:[a-z0-9_]+)\s*\}\}/g;

/** 330 → 「330円」, 1234 → 「1,234円」: how the shop prints an amount in text. */
export const yenText = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

/** Replaces the placeholders in `html` with `values` (HTML-escaped); unknown ones stay as written. */
export function fillPlaceholders(html: string, values: ReadonlyMap<string, string>): string {
  return html.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    return value === undefined ? whole : escapeHtml(value);
  });
}

/** The channel's current placeholder values: the term settings and every active method's fee. */
export async function termValues(db: Conn, channelId: string): Promise<Map<string, string>> {
  const [terms, payments, carriage] = await Promise.all([
    publicTextSettings(db, channelId, TERM_KEYS),
    activePayments(db),
    standingCarriage(db, channelId),
  ]);
  const values = new Map<string, string>(Object.entries(terms));
  for (const p of payments) values.set(`PAYMENT_FEE:${p.code}`, yenText(p.fee));
  values.set('ORDER.CARRIAGE.FEE', yenText(carriage.fee));
  if (carriage.freeFrom != null) values.set('ORDER.CARRIAGE.FREE_FROM', yenText(carriage.freeFrom));
  return values;
}

/** Fills the placeholders of page bodies; reads the values only when some body has one. */
export async function withTerms<T extends { body: string }>(db: Conn, channelId: string, pages: T[]): Promise<T[]> {
  if (!pages.some((p) => p.body.includes('{{'))) return pages;
  const values = await termValues(db, channelId);
  return pages.map((p) => ({ ...p, body: fillPlaceholders(p.body, values) }));
}
