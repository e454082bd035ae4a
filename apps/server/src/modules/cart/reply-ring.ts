/**
 * The bytes of kept cart replies, in one block of memory outside V8's heap, written round and round
 * (decision 0120). A write's reply kept as a heap string outlived two young collections and was then
 * marked and swept with the old generation: a fifth of a cart write's CPU went to collecting what
 * was kept. Here a reply costs one copy in, and its bytes are never collected: the newest overwrite
 * the oldest, and a position tells whether its bytes are still there.
 */
export class ReplyRing {
  readonly capacity: number;
  /** Allocated at the first reply kept, so a database that never prices a cart never holds it. */
  private block: Buffer | undefined;
  /** Where the next bytes go, counted from the ring's first byte ever written (never wrapped). */
  private head = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** The largest reply the ring takes: a larger one would push out many others at once. */
  get largest(): number {
    return Math.floor(this.capacity / 8);
  }

  /** Copies the bytes in; answers their position, or undefined for bytes larger than `largest`. */
  put(bytes: Uint8Array): number | undefined {
    if (bytes.length > this.largest) return undefined;
    this.block ??= Buffer.allocUnsafeSlow(this.capacity);
    let at = this.head;
    // Bytes that would run past the block's end start again at its beginning: each reply is one piece.
    if ((at % this.capacity) + bytes.length > this.capacity) at = Math.ceil(at / this.capacity) * this.capacity;
    this.block.set(bytes, at % this.capacity);
    this.head = at + bytes.length;
    return at;
  }

  /** Whether the bytes put at `at` are still there: later ones have not yet gone once round the block past them. */
  holds(at: number): boolean {
    return this.block !== undefined && this.head - at <= this.capacity;
  }

  /** A copy of the `length` bytes put at `at` in memory of their own, or undefined once written over. */
  copy(at: number, length: number): Buffer | undefined {
    if (!this.block || !this.holds(at)) return undefined;
    const start = at % this.capacity;
    // Memory of its own (not a slice of Node's shared pool), as it may be kept with the entry (decision 0050).
    const out = Buffer.allocUnsafeSlow(length);
    this.block.copy(out, 0, start, start + length);
    return out;
  }
}
