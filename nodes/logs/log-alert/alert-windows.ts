/**
 * The counts of auth0-log-alert in this process: per key, the events of the last window in time
 * buckets (a sixtieth of the window each), the alert state and a few sample events.
 *
 * The rules, the same in Redis (shared-alert-windows.ts):
 * - An event at time `at` falls in bucket floor(at / bucketMs). At clock time `now` the window
 *   holds the buckets after floor(now / bucketMs) - buckets: a key's count is the number of its
 *   events in them. An event already outside the window when it comes is not counted.
 * - An alert goes out when the count reaches the threshold and the key had no alert within the
 *   cooldown (an event that is late, older than the window by the wall clock, only counts when the
 *   node says so).
 * - After an alert the count falls below the threshold at a time the buckets tell (dropAt); a
 *   "resolved" goes out once the clock passes dropAt + cooldown with no event pushing it back up.
 * - At most maxKeys keys are kept; a new key beyond them drops the least recently seen one.
 */
import { type AlertEvent, sampleOf, storedSampleOf } from './alert-event';
import { KeyTable } from './key-table';
import { NumberSlab } from './number-slab';

export interface WindowShape {
  bucketMs: number;
  /** How many buckets make the window. */
  buckets: number;
  threshold: number;
  cooldownMs: number;
  maxKeys: number;
  sampleSize: number;
}

/** What counting one event did. */
export interface Counted {
  /** false: the event was outside the window already. */
  counted: boolean;
  alert: boolean;
  count: number;
  firstAt: number;
  lastAt: number;
  types: string[];
  sample: AlertEvent[];
}

export interface Resolution {
  key: string;
  count: number;
  alertedAt: number;
  belowSince: number;
  /** The clock when it resolved. */
  at: number;
}

/** Buckets per window: fine enough that the window slides in steps of a sixtieth of it. */
export const BUCKETS_PER_WINDOW = 60;
export const SAMPLE_SIZE = 3;

export function windowShape(windowMs: number, settings: { threshold: number; cooldownMs: number; maxKeys: number }): WindowShape {
  const bucketMs = Math.max(1, Math.ceil(windowMs / BUCKETS_PER_WINDOW));
  return { bucketMs, buckets: Math.ceil(windowMs / bucketMs), sampleSize: SAMPLE_SIZE, ...settings };
}

/** A min-heap of [time, key]: when each alerted key may resolve. */
class DueHeap {
  private readonly times: number[] = [];
  private readonly keys: string[] = [];

  get size(): number {
    return this.times.length;
  }

  push(time: number, key: string): void {
    const times = this.times;
    const keys = this.keys;
    let i = times.length;
    times.push(time);
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent] <= time) break;
      times[i] = times[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    times[i] = time;
    keys[i] = key;
  }

  peek(): number {
    return this.times.length > 0 ? this.times[0] : Infinity;
  }

  pop(): [number, string] {
    const times = this.times;
    const keys = this.keys;
    const top: [number, string] = [times[0], keys[0]];
    const lastTime = times.pop() as number;
    const lastKey = keys.pop() as string;
    const n = times.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const child = left + 1 < n && times[left + 1] < times[left] ? left + 1 : left;
        if (times[child] >= lastTime) break;
        times[i] = times[child];
        keys[i] = keys[child];
        i = child;
      }
      times[i] = lastTime;
      keys[i] = lastKey;
    }
    return top;
  }
}

/** A column of numbers: a Float64Array as toRecord makes it, an array once it went through JSON. */
type Numbers = ArrayLike<number>;

/**
 * The stored form (the context store's record), in columns: writing it every few seconds copies
 * numbers into a few typed arrays in the order they lie in memory, with nothing made per key.
 * A store that writes JSON gets plain arrays (toJSON).
 */
export interface WindowsRecord {
  version: 2;
  signature: string;
  clock: { newest: number; seenAt: number };
  dropped: number;
  keys: string[];
  /** The keys (their places in `keys`) from the least to the most recently seen. */
  order: Numbers;
  /** Per key: alertedAt, dropAt, and how many buckets, types and samples it has below. */
  heads: Numbers;
  /** Per bucket: bucket, count, first time, last time. */
  buckets: Numbers;
  types: string[];
  /** The last bucket of each type. */
  typeBuckets: Numbers;
  /** Each sample event's plain fields (a record stored by an earlier version has each one as JSON text). */
  samples: (AlertEvent | string)[];
  sampleBuckets: Numbers;
}

const HEAD = 5;
/** A slot's numbers (the samples' buckets last), STRIDE of them. */
/** The key's place in `seenOrder` (its latest). */
const SEEN_AT = 0;
/** The number of the key's first type (typeId), NO_TYPE when it has none. */
const FIRST_TYPE_ID = 1;
const ALERTED_AT = 2;
const DROP_AT = 3;
const RESOLVE_AT = 4;
const TOTAL = 5;
const BUCKET_BLOCK = 6;
const BUCKET_CLASS = 7;
const BUCKET_LENGTH = 8;
const FIRST_TYPE_BUCKET = 9;
const SAMPLE_LENGTH = 10;
const SAMPLE_BUCKETS = 11;
const STRIDE = 16;
const NO = -1;
const NO_TYPE = -2;
/** Types numbered at most (Auth0's catalogue has under 200); a type past them is compared by its text. */
const TYPE_IDS_MAX = 1024;
const NONE: never[] = [];

/**
 * The keys' windows. Each key has a slot: its numbers side by side in one Float64Array (an
 * event's work touches one or two cache lines, not one per number), its buckets in a block of a NumberSlab (bucket, count, first time, last time per bucket, oldest
 * first). The only objects per key are its name and its sample events (a few plain fields each,
 * made once: no JSON per event), so 100,000 live keys give the garbage collector little to trace
 * and counting an event past the sample allocates nothing. A key's slot is found in a KeyTable; the
 * slots are queued from the least to the most recently seen (`seenOrder`); at the key limit a new
 * key takes the least recently seen key's slot.
 */
export class AlertWindows {
  private readonly keyAt: string[] = [];
  private readonly slotOf = new KeyTable(this.keyAt);
  private capacity = 0;
  /**
   * The slots from the least to the most recently seen, as a queue: a key seen again is appended
   * and its older place goes stale (its SEEN_AT moved on). Seeing a key writes the queue's end and
   * the key's own slot, never its neighbours' (a linked list's two other places in memory per event).
   */
  private seenOrder = new Int32Array(1024);
  private seenHead = 0;
  private seenTail = 0;
  /** Every slot's numbers, STRIDE of them per slot (one or two cache lines: a key's event touches them together). */
  private slots = new Float64Array(0);
  private readonly buckets = new NumberSlab(4);
  /** The first type seen in the window (its last bucket in the slot); the others (rarer) in `moreTypes`. */
  private readonly firstType: (string | undefined)[] = [];
  /**
   * A number per type, so an event of the key's first type is known as such from its slot, without
   * reading `firstType` (another place in memory per event).
   */
  private readonly typeIds = new Map<string, number>();
  private lastType: string | undefined;
  private lastTypeId = NO;
  /** Flat: [type, last bucket] per type after the first. */
  private readonly moreTypes = new Map<number, (string | number)[]>();
  /**
   * sampleSize places per slot: the first events in the window, each its plain fields (their
   * buckets in the slot). Never changed once made: an alert gets copies, a record the same objects.
   */
  private readonly sampleEvents: (AlertEvent | undefined)[] = [];
  private readonly due = new DueHeap();
  /** Keys with events in the window that were dropped for a new key. */
  dropped = 0;

  constructor(private readonly shape: WindowShape) {
    if (shape.sampleSize > STRIDE - SAMPLE_BUCKETS) throw new RangeError(`at most ${STRIDE - SAMPLE_BUCKETS} sample events a key`);
  }

  get size(): number {
    return this.slotOf.size;
  }

  private cutoff(now: number): number {
    return Math.floor(now / this.shape.bucketMs) - this.shape.buckets;
  }

  /**
   * Counts one event of `key` at time `at` with the clock at `now` (≥ at); `event`, when given,
   * goes into the sample while it has room. Returns the key's facts when it alerts, else undefined.
   */
  add(key: string, at: number, now: number, type: string, event: AlertEvent | undefined, late: boolean): Counted | undefined {
    const shape = this.shape;
    const cutoff = this.cutoff(now);
    let slot = this.slotOf.get(key);
    if (slot === NO) slot = this.create(key, cutoff);
    else {
      this.seen(slot);
      this.prune(slot, cutoff);
    }
    const index = Math.floor(at / shape.bucketMs);
    if (index <= cutoff) return undefined;
    this.count(slot, index, at);
    this.countType(slot, type, index, cutoff);
    const samples = this.slots[slot * STRIDE + SAMPLE_LENGTH];
    if (event && samples < shape.sampleSize) {
      const place = slot * shape.sampleSize + samples;
      this.sampleEvents[place] = sampleOf(event);
      this.slots[slot * STRIDE + SAMPLE_BUCKETS + samples] = index;
      this.slots[slot * STRIDE + SAMPLE_LENGTH] = samples + 1;
    }
    let alert = false;
    if (this.slots[slot * STRIDE + TOTAL] >= shape.threshold) {
      this.slots[slot * STRIDE + DROP_AT] = this.dropTime(slot);
      const alertedAt = this.slots[slot * STRIDE + ALERTED_AT];
      if ((alertedAt < 0 || now - alertedAt >= shape.cooldownMs) && !late) {
        alert = true;
        this.slots[slot * STRIDE + ALERTED_AT] = now;
      }
    }
    if (this.slots[slot * STRIDE + ALERTED_AT] >= 0) this.schedule(key, slot);
    return alert ? this.facts(slot, cutoff) : undefined;
  }

  /** The keys whose count stayed below the threshold for the cooldown by `now`; their alert state is cleared. */
  resolve(now: number): Resolution[] {
    if (this.due.peek() > now) return NONE;
    const out: Resolution[] = [];
    while (this.due.peek() <= now) {
      const [time, key] = this.due.pop();
      const slot = this.slotOf.get(key);
      if (slot === NO || this.slots[slot * STRIDE + RESOLVE_AT] !== time || this.slots[slot * STRIDE + ALERTED_AT] < 0) continue;
      this.prune(slot, this.cutoff(now));
      out.push({
        key,
        count: this.slots[slot * STRIDE + TOTAL],
        alertedAt: this.slots[slot * STRIDE + ALERTED_AT],
        belowSince: this.slots[slot * STRIDE + DROP_AT],
        at: now,
      });
      this.slots[slot * STRIDE + ALERTED_AT] = -1;
      this.slots[slot * STRIDE + DROP_AT] = -1;
      this.slots[slot * STRIDE + RESOLVE_AT] = -1;
    }
    return out;
  }

  private schedule(key: string, slot: number): void {
    const at = this.slots[slot * STRIDE + DROP_AT] + this.shape.cooldownMs;
    if (at === this.slots[slot * STRIDE + RESOLVE_AT]) return;
    this.slots[slot * STRIDE + RESOLVE_AT] = at;
    this.due.push(at, key);
  }

  /** A slot for a new key: a fresh one below the key limit, else the least recently seen key's. */
  private create(key: string, cutoff: number): number {
    let slot: number;
    const oldest = this.slotOf.size >= this.shape.maxKeys ? this.oldest() : NO;
    if (oldest !== NO) {
      slot = oldest;
      this.drop(slot, cutoff);
    } else {
      slot = this.keyAt.length;
      if (slot >= this.capacity) this.grow(slot + 1);
      this.keyAt.push(key);
      this.firstType.push(undefined);
      this.slots[slot * STRIDE + FIRST_TYPE_ID] = NO_TYPE;
      for (let i = 0; i < this.shape.sampleSize; i++) this.sampleEvents.push(undefined);
      this.slots[slot * STRIDE + BUCKET_BLOCK] = NO;
    }
    this.keyAt[slot] = key;
    this.slotOf.set(key, slot);
    this.slots[slot * STRIDE + ALERTED_AT] = -1;
    this.slots[slot * STRIDE + DROP_AT] = -1;
    this.slots[slot * STRIDE + RESOLVE_AT] = -1;
    this.append(slot);
    return slot;
  }

  private grow(needed: number): void {
    const n = Math.max(needed, Math.min(Math.max(1024, this.capacity * 2), this.shape.maxKeys));
    const slots = new Float64Array(n * STRIDE);
    slots.set(this.slots);
    this.slots = slots;
    this.capacity = n;
  }

  /** Forgets the key in `slot` (the key limit): its slot is about to be another key's. */
  private drop(slot: number, cutoff: number): void {
    this.unlink(slot);
    this.slotOf.delete(this.keyAt[slot]);
    const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
    const live = this.slots[slot * STRIDE + ALERTED_AT] >= 0 || (n > 0 && this.bucketAt(slot, n - 1) > cutoff);
    if (live) this.dropped += 1;
    this.clearBuckets(slot);
    this.setFirstType(slot, undefined);
    this.moreTypes.delete(slot);
    this.clearSamples(slot);
  }

  private bucketAt(slot: number, i: number): number {
    const c = this.slots[slot * STRIDE + BUCKET_CLASS];
    return this.buckets.data(c)[this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c) + 4 * i];
  }

  private clearBuckets(slot: number): void {
    const block = this.slots[slot * STRIDE + BUCKET_BLOCK];
    if (block !== NO) this.buckets.release(this.slots[slot * STRIDE + BUCKET_CLASS], block);
    this.slots[slot * STRIDE + BUCKET_BLOCK] = NO;
    this.slots[slot * STRIDE + BUCKET_LENGTH] = 0;
    this.slots[slot * STRIDE + TOTAL] = 0;
  }

  private clearSamples(slot: number): void {
    const base = slot * this.shape.sampleSize;
    for (let i = 0; i < this.slots[slot * STRIDE + SAMPLE_LENGTH]; i++) this.sampleEvents[base + i] = undefined;
    this.slots[slot * STRIDE + SAMPLE_LENGTH] = 0;
  }

  /** One event in bucket `index` (inside the window) at time `at`. */
  private count(slot: number, index: number, at: number): void {
    this.slots[slot * STRIDE + TOTAL] += 1;
    const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
    let place = 0;
    if (n > 0) {
      const c = this.slots[slot * STRIDE + BUCKET_CLASS];
      const d = this.buckets.data(c);
      const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
      let i = base + 4 * (n - 1);
      while (i >= base && d[i] > index) i -= 4;
      if (i >= base && d[i] === index) {
        d[i + 1] += 1;
        if (at < d[i + 2]) d[i + 2] = at;
        if (at > d[i + 3]) d[i + 3] = at;
        return;
      }
      place = (i - base) / 4 + 1;
    }
    this.insertBucket(slot, place, index, 1, at, at);
  }

  /** A new bucket at position `place` of the key's buckets (oldest first); `total` is the caller's. */
  private insertBucket(slot: number, place: number, index: number, count: number, firstAt: number, lastAt: number): void {
    const slab = this.buckets;
    const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
    let c = this.slots[slot * STRIDE + BUCKET_CLASS];
    if (this.slots[slot * STRIDE + BUCKET_BLOCK] === NO) {
      c = 0;
      this.slots[slot * STRIDE + BUCKET_BLOCK] = slab.alloc(0);
      this.slots[slot * STRIDE + BUCKET_CLASS] = 0;
    } else if (n === 1 << c) {
      // The block is full: the buckets move to one twice the size.
      const block = slab.alloc(c + 1);
      const from = slab.data(c);
      const to = slab.data(c + 1);
      const fromBase = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
      const toBase = block * (4 << (c + 1));
      for (let k = 0; k < 4 * n; k++) to[toBase + k] = from[fromBase + k];
      slab.release(c, this.slots[slot * STRIDE + BUCKET_BLOCK]);
      c += 1;
      this.slots[slot * STRIDE + BUCKET_BLOCK] = block;
      this.slots[slot * STRIDE + BUCKET_CLASS] = c;
    }
    const d = slab.data(c);
    const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
    const at = base + 4 * place;
    const end = base + 4 * n;
    if (at < end) d.copyWithin(at + 4, at, end);
    d[at] = index;
    d[at + 1] = count;
    d[at + 2] = firstAt;
    d[at + 3] = lastAt;
    this.slots[slot * STRIDE + BUCKET_LENGTH] = n + 1;
  }

  /**
   * The key's types, each with its last bucket, in the order they (re)entered the window. A type
   * whose last bucket left the window stays in the list until the list changes (facts() skips it);
   * when it comes again it moves to the end, as if it had been forgotten.
   */
  private countType(slot: number, type: string, index: number, cutoff: number): void {
    const id = this.typeId(type);
    let same = id >= 0 && this.slots[slot * STRIDE + FIRST_TYPE_ID] === id;
    if (!same) {
      const first = this.firstType[slot];
      if (first === undefined) {
        this.setFirstType(slot, type);
        this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] = index;
        return;
      }
      same = first === type;
    }
    if (same) {
      if (this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] > cutoff) {
        if (this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] < index) this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] = index;
        return;
      }
    } else {
      const more = this.moreTypes.get(slot);
      if (more) {
        for (let k = 0; k < more.length; k += 2) {
          if (more[k] !== type) continue;
          if ((more[k + 1] as number) <= cutoff) break;
          if ((more[k + 1] as number) < index) more[k + 1] = index;
          return;
        }
      }
    }
    // A new type, or one that had left the window (so not in the live ones): the live ones, then it.
    const list = this.typeList(slot, cutoff);
    list.push(type, index);
    this.setTypes(slot, list);
  }

  /** Forgets the buckets and samples at or before `cutoff` (the types: see countType). */
  private prune(slot: number, cutoff: number): void {
    const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
    if (n > 0) {
      const c = this.slots[slot * STRIDE + BUCKET_CLASS];
      const d = this.buckets.data(c);
      const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
      if (d[base] <= cutoff) {
        let k = 0;
        let removed = 0;
        while (k < n && d[base + 4 * k] <= cutoff) {
          removed += d[base + 4 * k + 1];
          k += 1;
        }
        if (k === n) this.clearBuckets(slot);
        else {
          d.copyWithin(base, base + 4 * k, base + 4 * n);
          this.slots[slot * STRIDE + BUCKET_LENGTH] = n - k;
          this.slots[slot * STRIDE + TOTAL] -= removed;
        }
      }
    }
    const samples = this.slots[slot * STRIDE + SAMPLE_LENGTH];
    if (samples > 0) {
      const base = slot * this.shape.sampleSize;
      const at = slot * STRIDE + SAMPLE_BUCKETS;
      let kept = 0;
      for (let i = 0; i < samples; i++) {
        if (this.slots[at + i] <= cutoff) continue;
        this.slots[at + kept] = this.slots[at + i];
        this.sampleEvents[base + kept] = this.sampleEvents[base + i];
        kept += 1;
      }
      for (let i = kept; i < samples; i++) this.sampleEvents[base + i] = undefined;
      this.slots[slot * STRIDE + SAMPLE_LENGTH] = kept;
    }
  }

  /** The key's types from a flat [type, last bucket] list. */
  private setTypes(slot: number, list: (string | number)[]): void {
    this.setFirstType(slot, list.length > 0 ? (list[0] as string) : undefined);
    this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] = list.length > 0 ? (list[1] as number) : 0;
    if (list.length > 2) this.moreTypes.set(slot, list.slice(2));
    else this.moreTypes.delete(slot);
  }

  private setFirstType(slot: number, type: string | undefined): void {
    this.firstType[slot] = type;
    this.slots[slot * STRIDE + FIRST_TYPE_ID] = type === undefined ? NO_TYPE : this.typeId(type);
  }

  /** The type's number, NO past TYPE_IDS_MAX types (numbers are never reused: a slot may hold one). */
  private typeId(type: string): number {
    if (type === this.lastType) return this.lastTypeId;
    let id = this.typeIds.get(type);
    if (id === undefined) {
      id = this.typeIds.size < TYPE_IDS_MAX ? this.typeIds.size : NO;
      if (id !== NO) this.typeIds.set(type, id);
    }
    this.lastType = type;
    this.lastTypeId = id;
    return id;
  }

  /** Flat [type, last bucket] of the key's types still in the window. */
  private typeList(slot: number, cutoff: number): (string | number)[] {
    const list: (string | number)[] = [];
    const first = this.firstType[slot];
    if (first === undefined) return list;
    if (this.slots[slot * STRIDE + FIRST_TYPE_BUCKET] > cutoff) list.push(first, this.slots[slot * STRIDE + FIRST_TYPE_BUCKET]);
    const more = this.moreTypes.get(slot);
    if (more) for (let k = 0; k < more.length; k += 2) if ((more[k + 1] as number) > cutoff) list.push(more[k], more[k + 1]);
    return list;
  }

  /** When the count falls below the threshold with no further event (it is at or above it now). */
  private dropTime(slot: number): number {
    const { threshold, buckets, bucketMs } = this.shape;
    const c = this.slots[slot * STRIDE + BUCKET_CLASS];
    const d = this.buckets.data(c);
    const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
    let sum = 0;
    for (let i = base + 4 * (this.slots[slot * STRIDE + BUCKET_LENGTH] - 1); i >= base; i -= 4) {
      sum += d[i + 1];
      if (sum >= threshold) return (d[i] + buckets) * bucketMs;
    }
    return -1;
  }

  private facts(slot: number, cutoff: number): Counted {
    const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
    const c = this.slots[slot * STRIDE + BUCKET_CLASS];
    const d = this.buckets.data(c);
    const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
    let firstAt = Infinity;
    let lastAt = -1;
    for (let i = base; i < base + 4 * n; i += 4) {
      if (d[i + 2] < firstAt) firstAt = d[i + 2];
      if (d[i + 3] > lastAt) lastAt = d[i + 3];
    }
    const types: string[] = [];
    const list = this.typeList(slot, cutoff);
    for (let k = 0; k < list.length; k += 2) types.push(list[k] as string);
    const sample: AlertEvent[] = [];
    const samples = slot * this.shape.sampleSize;
    for (let i = 0; i < this.slots[slot * STRIDE + SAMPLE_LENGTH]; i++) sample.push({ ...(this.sampleEvents[samples + i] as AlertEvent) });
    return { counted: true, alert: true, count: this.slots[slot * STRIDE + TOTAL], firstAt: n > 0 ? firstAt : -1, lastAt, types, sample };
  }

  /** Puts `slot` at the most recently seen end. */
  private append(slot: number): void {
    if (this.seenTail === this.seenOrder.length) this.compactSeen();
    this.seenOrder[this.seenTail] = slot;
    this.slots[slot * STRIDE + SEEN_AT] = this.seenTail;
    this.seenTail += 1;
  }

  /** The least recently seen slot (NO when none); stale places before it are passed for good. */
  private oldest(): number {
    while (this.seenHead < this.seenTail) {
      const slot = this.seenOrder[this.seenHead];
      if (this.slots[slot * STRIDE + SEEN_AT] === this.seenHead) return slot;
      this.seenHead += 1;
    }
    return NO;
  }

  private unlink(slot: number): void {
    this.slots[slot * STRIDE + SEEN_AT] = NO;
  }

  /** The key was seen again: it becomes the most recently seen. */
  private seen(slot: number): void {
    if (this.slots[slot * STRIDE + SEEN_AT] === this.seenTail - 1) return;
    this.append(slot);
  }

  /**
   * The queue full: its live places moved to the front, in order, and the queue made at least four
   * times the keys, so this copy comes once every three times the keys' events at most.
   */
  private compactSeen(): void {
    const from = this.seenOrder;
    const to = 4 * this.keyAt.length > from.length ? new Int32Array(Math.max(from.length * 2, 4 * this.keyAt.length)) : from;
    let live = 0;
    for (let i = this.seenHead; i < this.seenTail; i++) {
      const slot = from[i];
      if (this.slots[slot * STRIDE + SEEN_AT] !== i) continue;
      to[live] = slot;
      this.slots[slot * STRIDE + SEEN_AT] = live;
      live += 1;
    }
    this.seenOrder = to;
    this.seenHead = 0;
    this.seenTail = live;
  }

  toRecord(signature: string, clock: WindowsRecord['clock']): WindowsRecord {
    // Slot by slot, as they lie in memory; the sizes first (typed and preallocated arrays are filled
    // far faster than pushed to).
    const slots = this.keyAt.length;
    let bucketCount = 0;
    let typeCount = 0;
    let sampleCount = 0;
    for (let slot = 0; slot < slots; slot++) {
      bucketCount += this.slots[slot * STRIDE + BUCKET_LENGTH];
      sampleCount += this.slots[slot * STRIDE + SAMPLE_LENGTH];
      if (this.firstType[slot] !== undefined) typeCount += 1;
    }
    for (const more of this.moreTypes.values()) typeCount += more.length / 2;
    const order = new Float64Array(slots);
    const heads = new Float64Array(HEAD * slots);
    const buckets = new Float64Array(4 * bucketCount);
    const types = new Array<string>(typeCount);
    const typeBuckets = new Float64Array(typeCount);
    const samples = new Array<AlertEvent>(sampleCount);
    const sampleBuckets = new Float64Array(sampleCount);
    let k = 0;
    for (let i = this.seenHead; i < this.seenTail; i++) {
      const slot = this.seenOrder[i];
      if (this.slots[slot * STRIDE + SEEN_AT] === i) order[k++] = slot;
    }
    let bucket = 0;
    let type = 0;
    let sample = 0;
    for (let slot = 0; slot < slots; slot++) {
      const typesBefore = type;
      const first = this.firstType[slot];
      if (first !== undefined) {
        types[type] = first;
        typeBuckets[type++] = this.slots[slot * STRIDE + FIRST_TYPE_BUCKET];
        const more = this.moreTypes.get(slot);
        if (more) {
          for (let m = 0; m < more.length; m += 2) {
            types[type] = more[m] as string;
            typeBuckets[type++] = more[m + 1] as number;
          }
        }
      }
      const n = this.slots[slot * STRIDE + BUCKET_LENGTH];
      if (n > 0) {
        const c = this.slots[slot * STRIDE + BUCKET_CLASS];
        const d = this.buckets.data(c);
        const base = this.slots[slot * STRIDE + BUCKET_BLOCK] * (4 << c);
        for (let i = base; i < base + 4 * n; i++) buckets[bucket++] = d[i];
      }
      const samplesHere = this.slots[slot * STRIDE + SAMPLE_LENGTH];
      const base = slot * this.shape.sampleSize;
      for (let i = 0; i < samplesHere; i++) {
        samples[sample] = this.sampleEvents[base + i] as AlertEvent;
        sampleBuckets[sample++] = this.slots[slot * STRIDE + SAMPLE_BUCKETS + i];
      }
      const head = HEAD * slot;
      heads[head] = this.slots[slot * STRIDE + ALERTED_AT];
      heads[head + 1] = this.slots[slot * STRIDE + DROP_AT];
      heads[head + 2] = n;
      heads[head + 3] = type - typesBefore;
      heads[head + 4] = samplesHere;
    }
    const record: WindowsRecord = {
      version: 2,
      signature,
      clock,
      dropped: this.dropped,
      keys: this.keyAt.slice(),
      order,
      heads,
      buckets,
      types,
      typeBuckets,
      samples,
      sampleBuckets,
    };
    // A store that writes JSON (a file, Redis) gets arrays: JSON writes a typed array as an object.
    return Object.defineProperty(record, 'toJSON', {
      value: () => ({
        ...record,
        order: Array.from(order),
        heads: Array.from(heads),
        buckets: Array.from(buckets),
        typeBuckets: Array.from(typeBuckets),
        sampleBuckets: Array.from(sampleBuckets),
      }),
    });
  }

  /** Takes a stored state back (a record that passed isWindowsRecord); its keys become the most recently seen. */
  restore(record: WindowsRecord): void {
    const { keys, order, heads } = record;
    // Beyond the key limit only the most recently seen keys come back.
    const skipped = new Uint8Array(keys.length);
    for (let j = 0; j < keys.length - this.shape.maxKeys; j++) {
      const k = order[j];
      skipped[k] = 1;
      if (heads[HEAD * k] >= 0 || heads[HEAD * k + 2] > 0) this.dropped += 1;
    }
    const slots = new Int32Array(keys.length);
    let bucket = 0;
    let type = 0;
    let sample = 0;
    for (let k = 0; k < keys.length; k++) {
      const head = k * HEAD;
      const n = heads[head + 2];
      const typeEnd = type + heads[head + 3];
      const sampleEnd = sample + heads[head + 4];
      if (skipped[k]) {
        bucket += 4 * n;
        type = typeEnd;
        sample = sampleEnd;
        continue;
      }
      const key = keys[k];
      let slot = this.slotOf.get(key);
      if (slot === NO) slot = this.create(key, -Infinity);
      else {
        this.clearBuckets(slot);
        this.clearSamples(slot);
      }
      slots[k] = slot;
      this.slots[slot * STRIDE + ALERTED_AT] = heads[head];
      this.slots[slot * STRIDE + DROP_AT] = heads[head + 1];
      this.slots[slot * STRIDE + RESOLVE_AT] = -1;
      for (let i = 0; i < n; i++, bucket += 4) {
        const b = record.buckets;
        this.insertBucket(slot, i, b[bucket], b[bucket + 1], b[bucket + 2], b[bucket + 3]);
        this.slots[slot * STRIDE + TOTAL] += b[bucket + 1];
      }
      const list: (string | number)[] = [];
      for (; type < typeEnd; type++) list.push(record.types[type], record.typeBuckets[type]);
      this.setTypes(slot, list);
      const kept = Math.min(sampleEnd - sample, this.shape.sampleSize);
      const base = slot * this.shape.sampleSize;
      for (let i = 0; i < kept; i++) {
        this.sampleEvents[base + i] = storedSampleOf(record.samples[sample + i]);
        this.slots[slot * STRIDE + SAMPLE_BUCKETS + i] = record.sampleBuckets[sample + i];
      }
      this.slots[slot * STRIDE + SAMPLE_LENGTH] = kept;
      sample = sampleEnd;
      if (this.slots[slot * STRIDE + ALERTED_AT] >= 0 && this.slots[slot * STRIDE + DROP_AT] >= 0) this.schedule(key, slot);
    }
    // The stored order, from the least to the most recently seen.
    for (let j = 0; j < order.length; j++) if (!skipped[order[j]]) this.seen(slots[order[j]]);
    this.dropped += record.dropped;
  }
}

function numbers(value: unknown): value is Numbers {
  if (value instanceof Float64Array) return true;
  return Array.isArray(value) && value.every((n) => typeof n === 'number');
}

/** A stored sample: its plain fields, or (stored by an earlier version) their JSON. */
function sampleList(value: unknown): value is (AlertEvent | string)[] {
  return Array.isArray(value) && value.every((n) => typeof n === 'string' || (n !== null && typeof n === 'object' && !Array.isArray(n)));
}

function strings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((n) => typeof n === 'string');
}

/** A record toRecord wrote: every column there, of the lengths its heads say. */
export function isWindowsRecord(value: unknown): value is WindowsRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Partial<WindowsRecord>;
  if (r.version !== 2 || typeof r.signature !== 'string' || typeof r.clock !== 'object' || r.clock === null || typeof r.dropped !== 'number') return false;
  if (
    !strings(r.keys) ||
    !numbers(r.heads) ||
    !numbers(r.buckets) ||
    !strings(r.types) ||
    !numbers(r.typeBuckets) ||
    !sampleList(r.samples) ||
    !numbers(r.sampleBuckets)
  ) {
    return false;
  }
  if (r.heads.length !== HEAD * r.keys.length || !numbers(r.order) || r.order.length !== r.keys.length) return false;
  // `order` names every key once.
  const seen = new Uint8Array(r.keys.length);
  for (let j = 0; j < r.order.length; j++) {
    const k = r.order[j];
    if (!Number.isInteger(k) || k < 0 || k >= seen.length || seen[k] === 1) return false;
    seen[k] = 1;
  }
  let buckets = 0;
  let types = 0;
  let samples = 0;
  for (let head = 0; head < r.heads.length; head += HEAD) {
    for (let i = 2; i < HEAD; i++) if (!Number.isInteger(r.heads[head + i]) || r.heads[head + i] < 0) return false;
    buckets += 4 * r.heads[head + 2];
    types += r.heads[head + 3];
    samples += r.heads[head + 4];
  }
  return (
    buckets === r.buckets.length &&
    types === r.types.length &&
    types === r.typeBuckets.length &&
    samples === r.samples.length &&
    samples === r.sampleBuckets.length
  );
}
