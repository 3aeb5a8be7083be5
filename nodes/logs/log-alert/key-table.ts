/**
 * The slot of each key of auth0-log-alert's windows: an open-addressing hash table in one
 * Int32Array, [hash, slot + 1] per place, linear probing, deletion by shifting back (no tombstones).
 *
 * Why not a Map: each event brings its key as a new string, and a Map hashes a new string through
 * a call into the engine's runtime (about 0.2 µs), then reads its bucket, its entry and the key in
 * three other places of memory; with 100,000 keys that was half the node's time per event. Here
 * the hash is a short loop over the characters, and a lookup reads one place of the table, then
 * the slot's key to compare (the hash alone never decides: keys are compared exactly).
 */
import { randomBytes } from 'node:crypto';

const EMPTY = 0;
const MIN_PLACES = 1024;

export class KeyTable {
  /** Per place: the key's hash, then its slot + 1 (0: empty). */
  private table = new Int32Array(2 * MIN_PLACES);
  private mask = MIN_PLACES - 1;
  private count = 0;
  /**
   * Random per table, so which keys share a place changes from one node to the next. It is not a
   * keyed hash: some pairs of keys collide for a small share of seeds whatever the seed (an outside
   * review found pairs at 1.6 %), but not enough of them together to make long probe runs. Keys are
   * always compared whole, so a collision costs a probe, never a wrong count.
   */
  private readonly seed = randomBytes(4).readInt32LE(0);

  /** `keyAt[slot]` is the key of `slot` (the caller's array, read to compare keys). */
  constructor(private readonly keyAt: readonly string[]) {}

  get size(): number {
    return this.count;
  }

  /** FNV-1a over the UTF-16 code units, seeded, then mixed (murmur3's finalizer) so the low bits spread. */
  private hash(key: string): number {
    let h = 0x811c9dc5 ^ this.seed;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }

  /** The key's slot, or -1. */
  get(key: string): number {
    const h = this.hash(key);
    const table = this.table;
    const mask = this.mask;
    for (let place = h & mask; ; place = (place + 1) & mask) {
      const entry = table[2 * place + 1];
      if (entry === EMPTY) return -1;
      if (table[2 * place] === h && this.keyAt[entry - 1] === key) return entry - 1;
    }
  }

  /** Adds a key that is not in the table. */
  set(key: string, slot: number): void {
    if (2 * (this.count + 1) > this.mask + 1) this.grow();
    this.place(this.hash(key), slot);
    this.count += 1;
  }

  delete(key: string): void {
    const h = this.hash(key);
    const table = this.table;
    const mask = this.mask;
    let place = h & mask;
    for (; ; place = (place + 1) & mask) {
      const entry = table[2 * place + 1];
      if (entry === EMPTY) return;
      if (table[2 * place] === h && this.keyAt[entry - 1] === key) break;
    }
    // Shift back the entries after it that it kept from their home place, so no lookup stops early.
    let hole = place;
    for (let next = (hole + 1) & mask; table[2 * next + 1] !== EMPTY; next = (next + 1) & mask) {
      const home = table[2 * next] & mask;
      // The entry at `next` may move to `hole` when its home is not in (hole, next] (cyclically).
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (between) continue;
      table[2 * hole] = table[2 * next];
      table[2 * hole + 1] = table[2 * next + 1];
      hole = next;
    }
    table[2 * hole] = 0;
    table[2 * hole + 1] = EMPTY;
    this.count -= 1;
  }

  private place(h: number, slot: number): void {
    const table = this.table;
    const mask = this.mask;
    let place = h & mask;
    while (table[2 * place + 1] !== EMPTY) place = (place + 1) & mask;
    table[2 * place] = h;
    table[2 * place + 1] = slot + 1;
  }

  /** Twice the places, every entry placed again (the hashes are kept: no key is read). */
  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(2 * old.length);
    this.mask = old.length - 1;
    for (let place = 0; place < old.length; place += 2) if (old[place + 1] !== EMPTY) this.place(old[place], old[place + 1] - 1);
  }
}
