/**
 * Token-bucket rate limiter for the Management API, as Auth0 applies per
 * tenant. Off unless configured; when off, the headers still appear with a
 * full nominal bucket so clients that read them see a sane value.
 *
 * A plan's per-endpoint limits can be configured too (`endpoints`, or a named
 * `plan` from rate-limit-plans.ts): a request of an endpoint class with a
 * limit of its own draws from that class's bucket (and its headers describe
 * it), any other from the overall one.
 */
import { endpointClassOf } from './rate-limit-plans';

export interface BucketLimit {
  /** Tokens refilled per second (sustained requests/s). */
  perSecond: number;
  /** Bucket size (burst). Defaults to perSecond. */
  burst?: number;
}

export interface RateLimitConfig extends BucketLimit {
  /** Limits of their own per endpoint class (`users-read`, `users-write`, `users-delete`, `logs`, `clients-read`, `connections-read`, `organizations`, `other`). */
  endpoints?: Record<string, BucketLimit>;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the bucket is full again. */
  reset: number;
}

/** Headers reported when no limit is configured. */
const NOMINAL_LIMIT = 1000;

/** One token bucket. */
class TokenBucket {
  readonly perSecond: number;
  readonly burst: number;
  private tokens: number;
  private lastRefill: number;

  constructor(limit: BucketLimit, what: string) {
    const perSecond = Number(limit.perSecond);
    const burst = Number(limit.burst ?? limit.perSecond);
    if (!(perSecond > 0) || !(burst >= 1)) throw new RangeError(`${what} needs perSecond > 0 and burst >= 1`);
    this.perSecond = perSecond;
    this.burst = Math.floor(burst);
    this.tokens = this.burst;
    this.lastRefill = Date.now();
  }

  take(now: number): RateLimitDecision {
    const elapsed = Math.max(0, now - this.lastRefill) / 1000;
    this.lastRefill = now;
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.perSecond);
    let allowed = false;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      allowed = true;
    }
    const secondsToFull = (this.burst - this.tokens) / this.perSecond;
    return { allowed, limit: this.burst, remaining: Math.floor(this.tokens), reset: Math.ceil(now / 1000 + secondsToFull) };
  }
}

export class RateLimiter {
  private config: (Required<BucketLimit> & { endpoints?: Record<string, Required<BucketLimit>> }) | null = null;
  private overall: TokenBucket | undefined;
  private readonly endpoints = new Map<string, TokenBucket>();

  constructor(config?: RateLimitConfig | null) {
    this.configure(config ?? null);
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  get settings(): (Required<BucketLimit> & { endpoints?: Record<string, Required<BucketLimit>> }) | null {
    return this.config ? { ...this.config } : null;
  }

  /** Turns limiting on (with full buckets) or off (null). */
  configure(config: RateLimitConfig | null): void {
    this.endpoints.clear();
    this.overall = undefined;
    if (!config) {
      this.config = null;
      return;
    }
    const overall = new TokenBucket(config, 'rate limit');
    const endpoints: Record<string, Required<BucketLimit>> = {};
    for (const [name, limit] of Object.entries(config.endpoints ?? {})) {
      const bucket = new TokenBucket(limit, `rate limit of ${name}`);
      this.endpoints.set(name, bucket);
      endpoints[name] = { perSecond: bucket.perSecond, burst: bucket.burst };
    }
    this.overall = overall;
    this.config = { perSecond: overall.perSecond, burst: overall.burst, ...(this.endpoints.size > 0 ? { endpoints } : {}) };
  }

  /** Takes one token if there is one (from the request's endpoint bucket when it has one); always returns the header values. Uses real time. */
  take(now = Date.now(), method = 'GET', path = '/api/v2/'): RateLimitDecision {
    if (!this.overall) return { allowed: true, limit: NOMINAL_LIMIT, remaining: NOMINAL_LIMIT, reset: Math.ceil(now / 1000) };
    const bucket = this.endpoints.size > 0 ? (this.endpoints.get(endpointClassOf(method, path)) ?? this.overall) : this.overall;
    return bucket.take(now);
  }

  /** The decision for a forced 429 (fault injection): empty bucket, nothing taken. */
  forcedDenial(now = Date.now()): RateLimitDecision {
    const limit = this.config?.burst ?? NOMINAL_LIMIT;
    return { allowed: false, limit, remaining: 0, reset: Math.ceil(now / 1000) + 1 };
  }
}
