/** The public settings the browser needs for one payment method: GET /v1/settings/payment-service/{code}. */
import { eq } from 'drizzle-orm';
import type { PaymentServiceSettings } from '#contracts/card-payments.ts';
import type { Db } from '../../db/client.ts';
import { payment_methods } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentRow } from './index.ts';
import { settingsOf } from './methods.ts';
import { paymentProvider } from './registry.ts';

/** The public settings of an active method: the provider's script for card, the stores for konbini, … */
export async function paymentServiceSettings(db: Db, env: ApiEnv, code: string): Promise<PaymentServiceSettings> {
  const [p] = (await db.select().from(payment_methods).where(eq(payment_methods.code, code)).limit(1)) as PaymentRow[];
  if (!p?.is_active) throw notFound('お支払い方法');
  const s = settingsOf(p);
  const provider = paymentProvider(env);
  const publicProvider = provider.publicSettings();
  return {
    code: p.code,
    name: p.name,
    ...(p.code === 'card' ? { provider: publicProvider ? { code: provider.code, ...publicProvider } : null } : {}),
    ...(s.stores ? { stores: s.stores.map(({ code: c, name }) => ({ code: c, name })) } : {}),
    ...(s.ceiling != null ? { ceiling: s.ceiling } : {}),
    ...(s.fee_bands ? { fee_bands: s.fee_bands } : {}),
    ...(s.notice ? { notice: s.notice } : {}),
    ...(s.deadline_days != null || s.due_days != null ? { deadline_days: s.deadline_days ?? s.due_days } : {}),
  };
}
