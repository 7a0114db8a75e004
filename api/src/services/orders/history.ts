/**
 * An order's history (order_histories): each action on the order, by whom (the staff member's name
 * as it was then; null for the customer or the shop's own processes) and when, with one Japanese
 * line a person reads and the action's details. Written in the transaction of the action itself.
 */
import type { Tx } from '../../db/client.ts';
import { order_histories } from '../../db/schema/index.ts';

/** Who acted: a staff member (id and display name), the customer, or the shop's own processes. */
export type ActedBy = { kind: 'staff'; id: number; name: string } | { kind: 'customer' } | { kind: 'system' };

export async function addOrderHistory(
  tx: Tx,
  orderId: number,
  by: ActedBy,
  entry: { action: string; message: string; detail?: Record<string, unknown> },
  at = new Date(),
): Promise<void> {
  await tx.insert(order_histories).values({
    order_id: orderId,
    at,
    action: entry.action,
    message: entry.message,
    detail: { ...(entry.detail ?? {}), by: by.kind },
    editor_id: by.kind === 'staff' ? by.id : null,
    editor_name: by.kind === 'staff' ? by.name : null,
  });
}
