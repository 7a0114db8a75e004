/**
 * E-commerce events (POST /v1/ecommerce_events: recommendation clicks and the like). There is no
 * table for them and the schema is not to change; `timeseries` needs a member, so guests' clicks
 * could not go there. They are kept in a bounded in-memory ring per API process (the newest
 * EVENT_RING_SIZE; lost on restart) for an analytics exporter to read with `recentEvents`; durable
 * storage needs a table of its own.
 */
export const EVENT_RING_SIZE = 1000;

export interface StoredEvent {
  name: string;
  args: Record<string, unknown>;
  token: string | null;
  logreco_rcmd_ct: string | number | null;
  channel_id: string;
  user_id: number | null;
  received_at: string;
}

const ring: StoredEvent[] = [];

/** Keeps an event, dropping the oldest beyond EVENT_RING_SIZE. */
export function recordEvent(e: StoredEvent): void {
  ring.push(e);
  if (ring.length > EVENT_RING_SIZE) ring.splice(0, ring.length - EVENT_RING_SIZE);
}

/** The kept events, oldest first (a copy). */
export function recentEvents(): StoredEvent[] {
  return ring.slice();
}
