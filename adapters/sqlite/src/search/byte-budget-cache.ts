/**
 * Kept answers by key within a byte budget, least recently kept first out: what each of the reader's kept lists
 * (counted rows, band points, a value's rows, match sets, keyword counts) holds its entries in.
 *
 * An entry is taken out to be used (`take`) and put back with `keep`, as it is or as it was brought up to date:
 * a patch may replace an entry by one of another size, and the budget counts what is kept, never what is out.
 */
export class ByteBudgetCache<V> {
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The entry under `key`, no longer kept; undefined when none is. */
  take(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.used -= this.sizeOf(value);
    return value;
  }

  /**
   * Keeps `value` under `key` as the most recent entry, letting the least recent go until it fits. An entry larger
   * than the whole budget is kept alone.
   */
  keep(key: string, value: V): void {
    this.take(key);
    const size = this.sizeOf(value);
    for (const [oldest, old] of this.entries) {
      if (this.used + size <= this.budget) break;
      this.used -= this.sizeOf(old);
      this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    this.used += size;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.used;
  }
}
