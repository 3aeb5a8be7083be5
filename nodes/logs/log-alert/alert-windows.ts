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
import { type AlertEvent, sampleOf } from './alert-event';

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

const NONE: never[] = [];

/**
 * One key's window. `b` is flat: [bucket, count, first time, last time] per bucket, oldest first.
 * Lean, since 100,000 of them live at once: the arrays are kept at their exact size (a push reserves
 * half again plus 16 slots; a new bucket, type or sample entry copies a few numbers instead), and the keys form a list from the least to the most recently seen
 * (`older`, `newer`), so seeing a key again moves it in O(1) without touching the Map.
 */
class KeyWindow {
  b: number[];
  /** Flat: [type, last bucket] per type seen in the window. */
  t: (string | number)[] = NONE;
  /** The first events in the window (their top-level plain fields), at most sampleSize. */
  s: { i: number; e: AlertEvent }[] = NONE;
  alertedAt = -1;
  dropAt = -1;
  /** The resolve time scheduled (dropAt + cooldown), -1 when none. */
  resolveAt = -1;
  older: KeyWindow | undefined = undefined;
  newer: KeyWindow | undefined = undefined;

  constructor(readonly key: string) {
    this.b = NONE;
  }

  /** Forgets the buckets at or before `cutoff`. */
  prune(cutoff: number): void {
    const b = this.b;
    let n = 0;
    while (n < b.length && b[n] <= cutoff) n += 4;
    if (n === b.length) this.b = NONE;
    else if (n > 0) b.splice(0, n);
    if (this.s.length > 0 && this.s[0].i <= cutoff) {
      const kept = this.s.filter((sample) => sample.i > cutoff);
      this.s = kept.length > 0 ? kept : NONE;
    }
    const t = this.t;
    for (let i = t.length - 2; i >= 0; i -= 2) if ((t[i + 1] as number) <= cutoff) t.splice(i, 2);
    if (t.length === 0 && t !== NONE) this.t = NONE;
  }

  /** Counts one event; `event` is kept in the sample (its plain fields) while the sample has room. */
  add(index: number, at: number, type: string, event: AlertEvent | undefined, sampleSize: number): void {
    const b = this.b;
    let i = b.length - 4;
    while (i >= 0 && b[i] > index) i -= 4;
    if (b.length === 0) {
      this.b = [index, 1, at, at];
    } else if (i >= 0 && b[i] === index) {
      b[i + 1] += 1;
      if (at < b[i + 2]) b[i + 2] = at;
      if (at > b[i + 3]) b[i + 3] = at;
    } else if (i === b.length - 4) {
      // Grown to the exact size (push would reserve half again plus 16 slots, kept for as long as the key lives).
      this.b = b.concat(index, 1, at, at);
    } else {
      b.splice(i + 4, 0, index, 1, at, at);
    }
    const t = this.t;
    let known = -1;
    for (let k = 0; k < t.length; k += 2) {
      if (t[k] === type) {
        known = k;
        break;
      }
    }
    if (known >= 0) {
      if ((t[known + 1] as number) < index) t[known + 1] = index;
    } else this.t = t.concat(type, index);
    if (event && this.s.length < sampleSize) this.s = this.s.concat({ i: index, e: sampleOf(event) });
  }

  count(): number {
    let sum = 0;
    for (let i = 1; i < this.b.length; i += 4) sum += this.b[i];
    return sum;
  }

  /** When the count falls below `threshold` with no further event (it is at or above it now). */
  dropTime(threshold: number, shape: WindowShape): number {
    let sum = 0;
    for (let i = this.b.length - 4; i >= 0; i -= 4) {
      sum += this.b[i + 1];
      if (sum >= threshold) return (this.b[i] + shape.buckets) * shape.bucketMs;
    }
    return -1;
  }

  facts(counted: boolean, alert: boolean): Counted {
    const b = this.b;
    let lastAt = -1;
    for (let i = 3; i < b.length; i += 4) if (b[i] > lastAt) lastAt = b[i];
    let firstAt = Infinity;
    for (let i = 2; i < b.length; i += 4) if (b[i] < firstAt) firstAt = b[i];
    return {
      counted,
      alert,
      count: this.count(),
      firstAt: b.length > 0 ? firstAt : -1,
      lastAt,
      types: this.t.filter((_, i) => i % 2 === 0) as string[],
      sample: this.s.map((sample) => sample.e),
    };
  }
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

/** The stored form: keys in least-recently-seen order. */
export interface WindowsRecord {
  version: 1;
  signature: string;
  clock: { newest: number; seenAt: number };
  dropped: number;
  keys: [string, number[], (string | number)[], { i: number; e: AlertEvent }[], number, number][];
}

export class AlertWindows {
  private readonly keys = new Map<string, KeyWindow>();
  /** The least and the most recently seen keys' windows (the ends of the list through older/newer). */
  private oldest: KeyWindow | undefined;
  private newest: KeyWindow | undefined;
  private readonly due = new DueHeap();
  /** Keys with events in the window that were dropped for a new key. */
  dropped = 0;

  constructor(private readonly shape: WindowShape) {}

  get size(): number {
    return this.keys.size;
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
    let window = this.keys.get(key);
    if (window) {
      this.seen(window);
      window.prune(cutoff);
    } else {
      window = new KeyWindow(key);
      this.keys.set(key, window);
      this.append(window);
      if (this.keys.size > shape.maxKeys) this.dropOldest(cutoff);
    }
    const index = Math.floor(at / shape.bucketMs);
    if (index <= cutoff) return undefined;
    window.add(index, at, type, event, shape.sampleSize);
    const count = window.count();
    let alert = false;
    if (count >= shape.threshold) {
      window.dropAt = window.dropTime(shape.threshold, shape);
      if ((window.alertedAt < 0 || now - window.alertedAt >= shape.cooldownMs) && !late) {
        alert = true;
        window.alertedAt = now;
      }
    }
    if (window.alertedAt >= 0) this.schedule(key, window);
    return alert ? window.facts(true, true) : undefined;
  }

  /** The keys whose count stayed below the threshold for the cooldown by `now`; their alert state is cleared. */
  resolve(now: number): Resolution[] {
    const out: Resolution[] = [];
    while (this.due.peek() <= now) {
      const [time, key] = this.due.pop();
      const window = this.keys.get(key);
      if (!window || window.resolveAt !== time || window.alertedAt < 0) continue;
      window.prune(this.cutoff(now));
      out.push({ key, count: window.count(), alertedAt: window.alertedAt, belowSince: window.dropAt, at: now });
      window.alertedAt = -1;
      window.dropAt = -1;
      window.resolveAt = -1;
    }
    return out;
  }

  private schedule(key: string, window: KeyWindow): void {
    const at = window.dropAt + this.shape.cooldownMs;
    if (at === window.resolveAt) return;
    window.resolveAt = at;
    this.due.push(at, key);
  }

  /** Puts `window` at the most recently seen end of the list. */
  private append(window: KeyWindow): void {
    window.older = this.newest;
    window.newer = undefined;
    if (this.newest) this.newest.newer = window;
    else this.oldest = window;
    this.newest = window;
  }

  private unlink(window: KeyWindow): void {
    if (window.older) window.older.newer = window.newer;
    else this.oldest = window.newer;
    if (window.newer) window.newer.older = window.older;
    else this.newest = window.older;
    window.older = undefined;
    window.newer = undefined;
  }

  /** The key was seen again: it becomes the most recently seen. */
  private seen(window: KeyWindow): void {
    if (window === this.newest) return;
    this.unlink(window);
    this.append(window);
  }

  private dropOldest(cutoff: number): void {
    const window = this.oldest;
    if (!window) return;
    this.unlink(window);
    this.keys.delete(window.key);
    const live = window.alertedAt >= 0 || (window.b.length > 0 && window.b[window.b.length - 4] > cutoff);
    if (live) this.dropped += 1;
  }

  toRecord(signature: string, clock: WindowsRecord['clock']): WindowsRecord {
    const keys: WindowsRecord['keys'] = [];
    for (let w = this.oldest; w; w = w.newer) keys.push([w.key, w.b, w.t, w.s, w.alertedAt, w.dropAt]);
    return { version: 1, signature, clock, dropped: this.dropped, keys };
  }

  /** Takes a stored state back (copies, so the store's object is not changed under it). */
  restore(record: WindowsRecord): void {
    for (const [key, b, t, s, alertedAt, dropAt] of record.keys) {
      const window = new KeyWindow(key);
      if (b.length > 0) window.b = [...b];
      if (t.length > 0) window.t = [...t];
      if (s.length > 0) window.s = [...s];
      window.alertedAt = alertedAt;
      window.dropAt = dropAt;
      const known = this.keys.get(key);
      if (known) this.unlink(known);
      this.keys.set(key, window);
      this.append(window);
      if (alertedAt >= 0 && dropAt >= 0) this.schedule(key, window);
    }
    this.dropped = record.dropped;
  }
}

export function isWindowsRecord(value: unknown): value is WindowsRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Partial<WindowsRecord>;
  return r.version === 1 && typeof r.signature === 'string' && Array.isArray(r.keys) && typeof r.clock === 'object' && r.clock !== null;
}
