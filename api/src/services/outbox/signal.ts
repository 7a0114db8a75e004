/**
 * "A mail was queued" inside this process: queueMail announces it, a running outbox worker listens
 * and looks at once instead of at its next poll. Nothing else couples the two.
 */
const listeners = new Set<() => void>();

/** Calls `listener` after each queueMail; returns the unsubscribe function. */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Announces a queued mail (a listener's failure never reaches the caller). */
export function mailQueued(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // The worker polls anyway.
    }
  }
}
