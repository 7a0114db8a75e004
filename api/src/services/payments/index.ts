/**
 * Payment methods: the ones the shop accepts now and their wire shape (fee is yen, tax included).
 * Beside this door: the method rules (methods.ts), the provider interface (provider.ts), the provider
 * chosen by configuration (registry.ts) and the test provider (test-provider.ts, testpay/).
 */
import { asc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '#contracts/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payment_methods } from '../../db/schema/index.ts';

type Conn = Db | Tx;
export type PaymentRow = typeof payment_methods.$inferSelect;

/** Payment methods a shopper can choose now, in display order. */
export function activePayments(db: Conn): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payment_methods)
    .where(eq(payment_methods.is_active, true))
    .orderBy(asc(payment_methods.sort), asc(payment_methods.id));
}

/** One payment method by id (active or not), or null. */
export async function paymentById(db: Conn, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payment_methods).where(eq(payment_methods.id, id)).limit(1);
  return row ?? null;
}

/** The wire PaymentMethod (pure). */
export function serializePayment(p: PaymentRow): PaymentMethod {
  return { id: p.id, code: p.code, name: p.name, description: p.description, fee: p.fee };
}

/** GET /v1/payments: the active methods as the wire list. */
export async function listPayments(db: Conn): Promise<PaymentMethod[]> {
  return (await activePayments(db)).map(serializePayment);
}
