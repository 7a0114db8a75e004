/**
 * A bounded in-process cache whose entries are valid for one data version only (the catalogue
 * version of migration 0003). Correct across processes: each request reads the current version
 * from the database, and an entry stored under an older one is never served. Least recently used
 * entries go first when it is full.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T; weight: number }>();
  private readonly capacity: number;
  private readonly weigh: (value: T) => number;
  private weight = 0;

  /** `capacity` bounds the entries' summed weight (each entry weighs 1 unless `weigh` says otherwise). */
  constructor(capacity: number, weigh: (value: T) => number = () => 1) {
    this.capacity = capacity;
    this.weigh = weigh;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  /** The value stored for `key` under exactly `version`, or undefined (also when version is null). */
  get(version: number | null, key: string): T | undefined {
    if (version == null) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.remove(key);
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
    this.remove(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
    while (this.weight > this.capacity) this.remove(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
