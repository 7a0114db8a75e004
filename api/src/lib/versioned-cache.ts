/**
 * A bounded in-process cache whose entries are valid for one data version only (the catalogue
 * version of migration 0003). Correct across processes: each request reads the current version
 * from the database, and an entry stored under an older one is never served. Least recently used
 * entries go first when it is full.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** The value stored for `key` under exactly `version`, or undefined (also when version is null). */
  get(version: number | null, key: string): T | undefined {
    if (version == null) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` for `key` under `version` (nothing when version is null or capacity is 0). */
  set(version: number | null, key: string, value: T): void {
    if (version == null || this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
