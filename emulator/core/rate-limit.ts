/**
 * Token-bucket rate limiter for the Management API, as Auth0 applies per
 * tenant. Off unless configured; when off, the headers still appear with a
 * full nominal bucket so clients that read them see a sane value.
 */
export interface RateLimitConfig {
  /** Tokens refilled per second (sustained requests/s). */
  perSecond: number;
  /** Bucket size (burst). Defaults to perSecond. */
  burst?: number;
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

export class RateLimiter {
  private config: Required<RateLimitConfig> | null = null;
  private tokens = 0;
  private lastRefill = 0;

  constructor(config?: RateLimitConfig | null) {
    this.configure(config ?? null);
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  get settings(): Required<RateLimitConfig> | null {
    return this.config ? { ...this.config } : null;
  }

  /** Turns limiting on (with a full bucket) or off (null). */
  configure(config: RateLimitConfig | null): void {
    if (!config) {
      this.config = null;
      return;
    }
    const perSecond = Number(config.perSecond);
    const burst = Number(config.burst ?? config.perSecond);
    if (!(perSecond > 0) || !(burst >= 1)) throw new RangeError('rate limit needs perSecond > 0 and burst >= 1');
    this.config = { perSecond, burst: Math.floor(burst) };
    this.tokens = this.config.burst;
    this.lastRefill = Date.now();
  }

  /** Takes one token if there is one; always returns the header values. Uses real time. */
  take(now = Date.now()): RateLimitDecision {
    const config = this.config;
    if (!config) {
      return { allowed: true, limit: NOMINAL_LIMIT, remaining: NOMINAL_LIMIT, reset: Math.ceil(now / 1000) };
    }
    const elapsed = Math.max(0, now - this.lastRefill) / 1000;
    this.lastRefill = now;
    this.tokens = Math.min(config.burst, this.tokens + elapsed * config.perSecond);
    let allowed = false;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      allowed = true;
    }
    const secondsToFull = (config.burst - this.tokens) / config.perSecond;
    return {
      allowed,
      limit: config.burst,
      remaining: Math.floor(this.tokens),
      reset: Math.ceil(now / 1000 + secondsToFull),
    };
  }

  /** The decision for a forced 429 (fault injection): empty bucket, nothing taken. */
  forcedDenial(now = Date.now()): RateLimitDecision {
    const limit = this.config?.burst ?? NOMINAL_LIMIT;
    return { allowed: false, limit, remaining: 0, reset: Math.ceil(now / 1000) + 1 };
  }
}
