/**
 * A per-process cache that never outgrows its limits, whatever visitors send: at most
 * `maxEntries` entries and `maxBytes` bytes as `sizeOf` counts them. The entry used longest ago
 * goes first: setting a key, or reading it from a bounded map, makes it the newest (decision 0050;
 * a Map keeps insertion order, so moving an entry is a delete and a set).
 */
export interface BoundedMapLimits<K, V> {
  maxEntries: number;
  /** With sizeOf: the most bytes held. */
  maxBytes?: number;
  /** An entry's size in bytes, counted once when it is set. */
  sizeOf?: (key: K, value: V) => number;
}

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private heldBytes = 0;
  private readonly limits: BoundedMapLimits<K, V>;
  /** Whether anything is ever let go: an unbounded map need not track recency. */
  private readonly bounded: boolean;

  constructor(limits: BoundedMapLimits<K, V>) {
    this.limits = limits;
    this.bounded = Number.isFinite(limits.maxEntries) || limits.maxBytes !== undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held, as sizeOf counted them (0 without one). */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry && this.bounded) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.delete(key);
    const bytes = this.limits.sizeOf?.(key, value) ?? 0;
    const maxBytes = this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
    // One value larger than the whole budget is not kept at all.
    if (bytes > maxBytes) return this;
    while (this.entries.size && (this.entries.size >= this.limits.maxEntries || this.heldBytes + bytes > maxBytes)) {
      this.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, { value, bytes });
    this.heldBytes += bytes;
    return this;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }
}
