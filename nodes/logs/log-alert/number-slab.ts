/**
 * Blocks of numbers for many small lists at once (auth0-log-alert's buckets of 100,000 keys): one
 * Float64Array per block size (1, 2, 4, … entries of `stride` numbers), each with its free blocks.
 * A list lives in one block and moves to a block twice the size when it outgrows it. The keys'
 * numbers then cost the garbage collector nothing: no object per key, no pointer to trace, and
 * counting an event allocates nothing.
 */
export class NumberSlab {
  /** Per size class c (blocks of 2^c entries): the numbers, the blocks handed out, the free ones. */
  private readonly pools: Float64Array[] = [];
  private readonly used: number[] = [];
  private readonly free: number[][] = [];

  constructor(readonly stride: number) {}

  /** The numbers of size class `c`; a block `b` starts at b * (stride << c). Read again after `alloc`. */
  data(c: number): Float64Array {
    return this.pools[c];
  }

  /** A block of 2^c entries. */
  alloc(c: number): number {
    while (this.pools.length <= c) {
      this.pools.push(new Float64Array(this.stride << this.pools.length));
      this.used.push(0);
      this.free.push([]);
    }
    const free = this.free[c];
    if (free.length > 0) return free.pop() as number;
    const block = this.used[c]++;
    const size = this.stride << c;
    const pool = this.pools[c];
    if ((block + 1) * size > pool.length) {
      const grown = new Float64Array(pool.length * 2);
      grown.set(pool);
      this.pools[c] = grown;
    }
    return block;
  }

  release(c: number, block: number): void {
    this.free[c].push(block);
  }

  /** The bytes held (every class, used or free). */
  get bytes(): number {
    let sum = 0;
    for (const pool of this.pools) sum += pool.byteLength;
    return sum;
  }
}
