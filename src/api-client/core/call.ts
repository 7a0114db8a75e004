/** Options every resource function accepts. */
export interface CallOptions {
  /** Cancels the call (it then rejects with an ignored ApiError). */
  signal?: AbortSignal;
}

/** A path segment from a key or id, URL-encoded. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
