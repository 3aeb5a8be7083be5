/**
 * A model of the service's token bucket for one lane, learnt from the rate-limit headers, so a
 * burst goes out at the rate the bucket refills instead of running into 429s and then waiting
 * for `X-RateLimit-Reset`.
 *
 * Why a model: Auth0 limits with a token bucket (a size, refilled at a steady rate) and reports
 * only the bucket size (`Limit`), what is left (`Remaining`) and, in whole seconds, when it is
 * full again (`Reset`). Waiting for the reset after every emptied bucket runs at a fraction of
 * the allowed rate (10 requests, then up to a second's wait). The refill rate can be measured
 * instead: between two answers, the tokens that came in are the ones we used plus the change in
 * what is left. Measured over a few hundred milliseconds that is exact enough to pace by.
 *
 * Other clients of the same tenant use tokens too: they show up as less refill, so this client
 * slows down to its fair share without any setting.
 */

/** Measurements are made over at least this long, so whole-token rounding does not dominate. */
const MIN_WINDOW_MS = 250;
/** Older samples are dropped: the rate (or another client's use) may change. Long enough that slow limits are measured over several tokens. */
const MAX_WINDOW_MS = 5000;
/** A 429 where the model expected a token means it was too optimistic. */
const OVERSHOOT_FACTOR = 0.8;
const MIN_RATE_PER_MS = 0.1 / 1000;
const MAX_RATE_PER_MS = 10_000 / 1000;

interface Sample {
  at: number;
  remaining: number;
  /** Accepted answers counted up to and including this one. */
  used: number;
}

export interface BucketObservation {
  /** Whether the service accepted the request (anything but 429) or refused it for the rate limit. */
  accepted: boolean;
  limit?: number;
  remaining?: number;
  /** When the bucket is full again, epoch ms on our clock (from `X-RateLimit-Reset`). */
  fullAtMs?: number;
}

export class BucketModel {
  private capacity: number | undefined;
  /** Estimated tokens in the bucket at `levelAt`. */
  private level = 0;
  private levelAt = 0;
  /** Refill, tokens per ms; undefined until something says. */
  private rate: number | undefined;
  /** Whether `rate` was measured (not only guessed from the reset). */
  private rateMeasured = false;
  /** Requests started and not yet answered. */
  private inFlight = 0;
  private used = 0;
  private samples: Sample[] = [];

  /** Pacing starts once the bucket has been seen drained and a rate is known. */
  get active(): boolean {
    return this.rate !== undefined && this.capacity !== undefined;
  }

  /** The rate was measured from the answers, not only guessed from a reset. */
  get measured(): boolean {
    return this.active && this.rateMeasured;
  }

  /** Tokens per second the model paces at (for status and tests). */
  get ratePerSecond(): number | undefined {
    return this.rate === undefined ? undefined : this.rate * 1000;
  }

  private levelNow(now: number): number {
    if (this.rate === undefined || this.capacity === undefined) return this.level;
    return Math.min(this.capacity, this.level + this.rate * Math.max(0, now - this.levelAt));
  }

  /** How long until a request may start (0: now). */
  waitMs(now: number): number {
    if (!this.active) return 0;
    const level = this.levelNow(now);
    if (level >= 1) return 0;
    return Math.ceil((1 - level) / (this.rate as number));
  }

  /** A request starts: it will use a token. */
  take(now: number): void {
    this.inFlight += 1;
    if (!this.active) return;
    this.level = this.levelNow(now) - 1;
    this.levelAt = now;
  }

  /** A request ended without an answer (aborted, timed out): its token may or may not be spent. */
  forget(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /** An answer came: learn from its headers. */
  observe(now: number, seen: BucketObservation): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (seen.limit !== undefined && seen.limit > 0) {
      if (this.capacity !== undefined && seen.limit !== this.capacity) {
        // Another bucket (a different limit): what was learnt does not apply.
        this.samples = [];
        this.rate = undefined;
        this.rateMeasured = false;
      }
      this.capacity = seen.limit;
    }
    const predicted = this.levelNow(now);
    const remaining = seen.accepted ? seen.remaining : 0;
    if (seen.accepted) this.used += 1;
    if (remaining === undefined || this.capacity === undefined) return;

    // The service's count is the truth; requests still in flight will take their tokens from it.
    this.level = remaining - this.inFlight;
    this.levelAt = now;

    if (!seen.accepted && this.rate !== undefined && predicted >= 1) this.rate = Math.max(MIN_RATE_PER_MS, this.rate * OVERSHOOT_FACTOR);

    if (remaining >= this.capacity - 1) {
      // A (nearly) full bucket wastes refill, so it says nothing about the rate: start afresh.
      this.samples = [];
      return;
    }
    // After an idle spell the last samples say nothing of now: on a plan with one limit for the whole
    // Management API, other lanes drew on the same bucket meanwhile, and measured across the spell
    // the refill reads as next to nothing; the lane would then crawl (a full bucket clears the
    // samples, so the crawl would never be measured away).
    const last = this.samples[this.samples.length - 1];
    if (last && now - last.at > MAX_WINDOW_MS) this.samples = [];
    this.samples.push({ at: now, remaining, used: this.used });
    while (this.samples.length > 2 && now - this.samples[0].at > MAX_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const span = now - first.at;
    if (span >= MIN_WINDOW_MS) {
      // Remaining is a whole number, so the count can be one token high: one is taken off, which
      // errs on the slow side (a few per cent at most) rather than on the side of 429s.
      const refilled = this.used - first.used + remaining - first.remaining - 1;
      if (refilled >= 1) {
        this.rate = clampRate(refilled / span);
        this.rateMeasured = true;
      }
    } else if (this.rate === undefined && remaining <= 1 && seen.fullAtMs !== undefined && seen.fullAtMs > now) {
      // A first, cautious guess once the bucket is drained, until there is a measurement: the
      // reset is rounded up to a whole second, so this underestimates; the tokens not used
      // meanwhile stay in the bucket, and each answer's Remaining lets them out again.
      this.rate = clampRate((this.capacity - remaining) / (seen.fullAtMs - now));
    }
  }
}

function clampRate(rate: number): number {
  return Math.min(MAX_RATE_PER_MS, Math.max(MIN_RATE_PER_MS, rate));
}
