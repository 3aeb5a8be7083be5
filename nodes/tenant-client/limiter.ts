/**
 * One tenant's request limiter, shared by every request of every node using the tenant:
 * a concurrency cap, optional pacing (requests per second), and pauses that hold back every
 * queued request of a lane until the service's rate limit resets.
 *
 * Lanes: Auth0 counts the Management API (`/api/v2/…`) and the Authentication API separately, so
 * a 429 on one pauses that one only (a bulk import does not stall logins, and vice versa). The
 * concurrency cap and the pacing are shared by both.
 *
 * Nothing is dropped: a burst of any size waits in FIFO order; retries go ahead of new requests so
 * a request that met a 429 is not pushed behind the burst that caused it.
 */

import { BucketModel, type BucketObservation } from './bucket-model';

/**
 * The bucket a request draws from: `authentication`, or `management:<endpoint class>` (Auth0 limits
 * reading users, writing users, logs … separately; see endpoint-class.ts). A lane's
 * pause and learnt bucket hold only its own requests.
 */
export type Lane = string;

export interface LimiterOptions {
  maxConcurrent: number;
  /** 0 or undefined: no pacing. */
  requestsPerSecond?: number;
  /** Called after any change of counts or pauses (the client derives its status from `snapshot`). */
  onChange?: () => void;
}

export interface WaiterErrors {
  aborted(): Error;
  closed(): Error;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** A retry: served before first attempts. */
  priority?: boolean;
  errors: WaiterErrors;
}

export interface LimiterSnapshot {
  active: number;
  queued: number;
  /** The latest pause end (epoch ms) among the lanes that hold queued requests, if any is paused. */
  pausedUntil?: number;
}

/** Gives the slot back; calling it more than once is harmless. */
export type Release = () => void;

interface Waiter {
  lane: Lane;
  resolve(release: Release): void;
  reject(err: Error): void;
  errors: WaiterErrors;
  signal?: AbortSignal;
}

/** The waiters queued under one signal, and the one abort listener they share. */
interface SignalWaiters {
  waiters: Set<Waiter>;
  onAbort: () => void;
}

export class TenantLimiter {
  private readonly maxConcurrent: number;
  private readonly intervalMs: number;
  private readonly onChange: () => void;
  private active = 0;
  private readonly retries: Waiter[] = [];
  private readonly firsts: Waiter[] = [];
  private readonly pauses = new Map<Lane, number>();
  /** The service's bucket per lane, learnt from its headers: requests go out as it refills. */
  private readonly buckets = new Map<Lane, BucketModel>();
  /**
   * Queued waiters by their signal, with one abort listener per signal: a node's burst of 1,000
   * messages shares the node's signal, and a listener each would cost a walk of the signal's
   * listener list on every add.
   */
  private readonly bySignal = new Map<AbortSignal, SignalWaiters>();
  private nextStartAt = 0;
  private wakeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: LimiterOptions) {
    this.maxConcurrent = Math.max(1, Math.floor(options.maxConcurrent) || 1);
    const rps = options.requestsPerSecond ?? 0;
    this.intervalMs = rps > 0 ? 1000 / rps : 0;
    this.onChange = options.onChange ?? (() => undefined);
  }

  /**
   * The slot at once, when nothing is queued and one is free (most requests of a tenant that is
   * not busy): taken as pump() would, without a waiter, its abort listener or a promise. Undefined
   * when the request has to wait (or the limiter is closed, or `signal` aborted): `acquire` then.
   */
  tryAcquire(lane: Lane, signal?: AbortSignal): Release | undefined {
    if (this.closed || signal?.aborted) return undefined;
    const now = Date.now();
    if (this.retries.length + this.firsts.length > 0 || !this.canStart(lane, now)) return undefined;
    this.clearWake();
    this.start(lane, now);
    const release = this.releaser();
    this.changed();
    return release;
  }

  /** Waits for a slot (and for the lane's pause and the pacing), then holds it until released. */
  acquire(lane: Lane, options: AcquireOptions): Promise<Release> {
    if (this.closed) return Promise.reject(options.errors.closed());
    if (options.signal?.aborted) return Promise.reject(options.errors.aborted());
    const free = this.tryAcquire(lane, options.signal);
    if (free) return Promise.resolve(free);
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = { lane, resolve, reject, errors: options.errors };
      if (options.signal) this.attach(waiter, options.signal);
      (options.priority ? this.retries : this.firsts).push(waiter);
      this.pump();
    });
  }

  /** Holds back every request of `lane` until `untilMs` (epoch ms); an earlier time never shortens a pause. */
  pause(lane: Lane, untilMs: number): void {
    if (this.closed || untilMs <= this.pausedUntil(lane)) return;
    this.pauses.set(lane, untilMs);
    this.pump();
  }

  pausedUntil(lane: Lane): number {
    return this.pauses.get(lane) ?? 0;
  }

  private bucket(lane: Lane): BucketModel {
    let bucket = this.buckets.get(lane);
    if (!bucket) {
      bucket = new BucketModel();
      this.buckets.set(lane, bucket);
    }
    return bucket;
  }

  /** What an answer's rate-limit headers say about the lane's bucket. */
  observe(lane: Lane, seen: BucketObservation, now = Date.now()): void {
    if (this.closed) return;
    this.bucket(lane).observe(now, seen);
    this.pump();
  }

  /** A request of the lane ended with no answer. */
  unanswered(lane: Lane): void {
    this.bucket(lane).forget();
  }

  /**
   * How well the lane's bucket is known: `measured` (its refill rate was measured from answers),
   * `guessed` (only estimated from a reset), or `unknown`.
   */
  bucketKnowledge(lane: Lane): 'measured' | 'guessed' | 'unknown' {
    const bucket = this.bucket(lane);
    return bucket.measured ? 'measured' : bucket.active ? 'guessed' : 'unknown';
  }

  /** The rate the lane is paced at, requests per second, once learnt. */
  pacedRate(lane: Lane): number | undefined {
    return this.bucket(lane).ratePerSecond;
  }

  snapshot(now = Date.now()): LimiterSnapshot {
    const queued = this.retries.length + this.firsts.length;
    const snap: LimiterSnapshot = { active: this.active, queued };
    let until = 0;
    for (const [lane, pausedUntil] of this.pauses) {
      if (pausedUntil > now && this.hasWaiter(lane)) until = Math.max(until, pausedUntil);
    }
    if (until > 0) snap.pausedUntil = until;
    return snap;
  }

  /** Rejects every queued request, clears the timer; later `acquire` calls fail at once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearWake();
    const waiting = [...this.retries, ...this.firsts];
    this.retries.length = 0;
    this.firsts.length = 0;
    for (const waiter of waiting) {
      this.detach(waiter);
      waiter.reject(waiter.errors.closed());
    }
    this.changed();
  }

  private hasWaiter(lane: Lane): boolean {
    return this.retries.some((w) => w.lane === lane) || this.firsts.some((w) => w.lane === lane);
  }

  private remove(waiter: Waiter): boolean {
    for (const list of [this.retries, this.firsts]) {
      const i = list.indexOf(waiter);
      if (i >= 0) {
        list.splice(i, 1);
        this.detach(waiter);
        return true;
      }
    }
    return false;
  }

  /** Listens to `signal` for `waiter`: the signal's first queued waiter adds the listener all of them share. */
  private attach(waiter: Waiter, signal: AbortSignal): void {
    waiter.signal = signal;
    const known = this.bySignal.get(signal);
    if (known) {
      known.waiters.add(waiter);
      return;
    }
    const entry: SignalWaiters = {
      waiters: new Set([waiter]),
      onAbort: () => {
        // The waiters still queued under the signal, in their order; each is rejected with its own error.
        this.bySignal.delete(signal);
        const aborted = [...entry.waiters];
        entry.waiters.clear();
        for (const w of aborted) {
          if (this.remove(w)) w.reject(w.errors.aborted());
        }
        this.changed();
      },
    };
    this.bySignal.set(signal, entry);
    signal.addEventListener('abort', entry.onAbort, { once: true });
  }

  /** `waiter` leaves the queue (started, aborted or closed): the last one of its signal takes the listener off. */
  private detach(waiter: Waiter): void {
    const signal = waiter.signal;
    if (!signal) return;
    waiter.signal = undefined;
    const entry = this.bySignal.get(signal);
    if (!entry || !entry.waiters.delete(waiter) || entry.waiters.size > 0) return;
    this.bySignal.delete(signal);
    signal.removeEventListener('abort', entry.onAbort);
  }

  /** When a request of the lane may start: after its pause and once its bucket has a token. */
  private readyAt(lane: Lane, now: number): number {
    return Math.max(this.pausedUntil(lane), now + this.bucket(lane).waitMs(now));
  }

  /** The first waiter whose lane may start now, retries first. */
  private takeReady(now: number): Waiter | undefined {
    for (const list of [this.retries, this.firsts]) {
      const i = list.findIndex((w) => this.readyAt(w.lane, now) <= now);
      if (i >= 0) {
        const [waiter] = list.splice(i, 1);
        return waiter;
      }
    }
    return undefined;
  }

  private pump(): void {
    if (this.closed) return;
    this.clearWake();
    const now = Date.now();
    let wakeAt = Infinity;
    while (this.active < this.maxConcurrent && this.retries.length + this.firsts.length > 0) {
      if (this.intervalMs > 0 && now < this.nextStartAt) {
        wakeAt = this.nextStartAt;
        break;
      }
      const waiter = this.takeReady(now);
      if (!waiter) {
        // Everything queued waits for its lane: wake when the first lane may go again.
        for (const w of [...this.retries, ...this.firsts]) wakeAt = Math.min(wakeAt, this.readyAt(w.lane, now));
        break;
      }
      this.detach(waiter);
      this.start(waiter.lane, now);
      waiter.resolve(this.releaser());
    }
    if (wakeAt !== Infinity) {
      this.wakeTimer = setTimeout(
        () => {
          this.wakeTimer = undefined;
          this.pump();
        },
        Math.max(0, wakeAt - now),
      );
    }
    this.changed();
  }

  /** Whether a request of `lane` may start now: a free slot, the pacing, the lane's pause and bucket. */
  private canStart(lane: Lane, now: number): boolean {
    return this.active < this.maxConcurrent && !(this.intervalMs > 0 && now < this.nextStartAt) && this.readyAt(lane, now) <= now;
  }

  /** A request of `lane` takes a slot. */
  private start(lane: Lane, now: number): void {
    this.bucket(lane).take(now);
    this.active++;
    if (this.intervalMs > 0) this.nextStartAt = Math.max(now, this.nextStartAt) + this.intervalMs;
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.pump();
    };
  }

  private clearWake(): void {
    if (this.wakeTimer) {
      clearTimeout(this.wakeTimer);
      this.wakeTimer = undefined;
    }
  }

  private changed(): void {
    try {
      this.onChange();
    } catch {
      // A status listener's failure must not break the queue.
    }
  }
}
