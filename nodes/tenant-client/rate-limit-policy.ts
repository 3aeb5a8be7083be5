/**
 * What one request does about the tenant's rate limit after each answer: tell the lane's limiter
 * what the headers say, and for a 429 decide between a retry paced by the learnt bucket, a pause
 * of the whole lane until the service's reset (or a backoff), and giving up.
 *
 * Why this is not left to a generic retry (as axios-retry was): such a retry waits inside the one
 * request's promise. It can read `Retry-After` but not `X-RateLimit-Reset`, and it retries past the limiter, so it can
 * neither pause the tenant's other queued requests until the reset nor put the retry back through
 * the concurrency cap. Here a 429 pauses the tenant's lane, and the retry waits in the limiter like
 * everyone else.
 */
import { backoffMs } from '../shared/backoff';
import type { RateLimitState } from '../shared/http-types';
import type { Lane, TenantLimiter } from './limiter';
import type { BucketKnowledge, SharedBudget } from '../shared-state/shared-budget';
import { RATE_LIMIT_BACKOFF, type ServiceWait, exhaustedUntilMs, parseRateLimit, resetAtMs, serviceWait, waitUntilMs } from './rate-limit';

export interface RateLimitOutcome {
  /** The answer's `X-RateLimit-*` values, for the response. */
  limits: RateLimitState;
  /** A 429 that is retried (the request goes back to the limiter). */
  retry: boolean;
  /** For a 429: when the service says to come back. */
  said: ServiceWait | undefined;
}

export interface ApplyOptions {
  /** A 429 that concerns this one request (the Events API's connection cap): never retried here, never holding the tenant. */
  ownLimit?: boolean;
  /** The tenant's budget shared through Redis, when this attempt was paced by it. */
  shared?: SharedBudget;
}

/** One request's rate-limit state across its attempts. */
export class RateLimitPolicy {
  /** 429s retried so far. */
  retries = 0;
  private pacedRetryUsed = false;

  constructor(
    private readonly limiter: TenantLimiter,
    private readonly lane: Lane,
    private readonly maxRetries: number,
    private readonly debug: (message: string) => void,
  ) {}

  /**
   * Applies an answer to the lane. Called before the slot is given back, so no queued request
   * slips out between a 429 and the pause it calls for. `ownLimit`: a 429 that concerns this one
   * request (the Events API's connection cap), never retried here and never holding the tenant.
   * A promise only with a shared budget (Redis), whose answer is awaited.
   */
  apply(operation: string, statusCode: number, headers: Record<string, string>, options: ApplyOptions = {}): RateLimitOutcome | Promise<RateLimitOutcome> {
    const { limiter, lane } = this;
    const { ownLimit = false, shared } = options;
    const now = Date.now();
    const limits = parseRateLimit(headers);
    if (ownLimit && statusCode === 429) return { limits, retry: false, said: serviceWait(headers, now) };
    const fullAtMs = resetAtMs(headers, now);
    const observation = {
      accepted: statusCode !== 429,
      ...(limits.limit !== undefined ? { limit: limits.limit } : {}),
      ...(limits.remaining !== undefined ? { remaining: limits.remaining } : {}),
      ...(fullAtMs !== undefined ? { fullAtMs } : {}),
    };
    // Shared pacing: the bucket is learnt in Redis from every process's answers; locally only the
    // count of requests in flight is kept. Without it nothing here waits, so nothing is awaited
    // (every answer of the tenant passes here).
    if (shared) {
      return shared.observe(lane, observation, now).then((sharedKnowledge) => {
        limiter.unanswered(lane);
        return this.decide(operation, statusCode, headers, now, limits, sharedKnowledge, shared);
      });
    }
    limiter.observe(lane, observation, now);
    return this.decide(operation, statusCode, headers, now, limits, limiter.bucketKnowledge(lane), undefined);
  }

  /** The 429 decision once the lane's bucket has taken the answer in: retry paced, pause the lane, or give up. */
  private decide(
    operation: string,
    statusCode: number,
    headers: Record<string, string>,
    now: number,
    limits: RateLimitState,
    bucketKnowledge: BucketKnowledge,
    shared: SharedBudget | undefined,
  ): RateLimitOutcome {
    const { limiter, lane } = this;
    // Once the lane's bucket is learnt (measured, or guessed from the reset) it paces the requests
    // itself, so an emptied bucket needs no wait for the (whole-second) reset, and a 429 is retried
    // once the bucket should hold a token again. Only once per request: a second 429, a bucket
    // not learnt, or an explicit Retry-After means the service's own wait.
    const knowledge = headers['retry-after'] !== undefined ? 'unknown' : bucketKnowledge;
    const said = statusCode === 429 ? serviceWait(headers, now) : undefined;
    const retry = statusCode === 429 && this.retries < this.maxRetries;
    const pacedRetry = retry && knowledge !== 'unknown' && !this.pacedRetryUsed;
    if (pacedRetry) {
      this.pacedRetryUsed = true;
      this.retries++;
      this.debug(
        `${operation}: rate limited (429), retrying as the tenant's ${lane} bucket refills (about ${(shared ? shared.pacedRate(lane) : limiter.pacedRate(lane))?.toFixed(1)}/s), retry ${this.retries}/${this.maxRetries}`,
      );
    } else if (retry) {
      this.retries++;
      const waitMs = said ? waitUntilMs(said.resumeAtMs, now) : backoffMs(this.retries, RATE_LIMIT_BACKOFF);
      this.debug(
        `${operation}: rate limited (429), pausing the tenant's ${lane} requests ${(waitMs / 1000).toFixed(1)} s ` +
          `(${said ? 'until the service reset' : 'backoff'}), retry ${this.retries}/${this.maxRetries}`,
      );
      limiter.pause(lane, now + waitMs);
      shared?.pause(lane, now + waitMs, now);
    } else {
      const exhaustedUntil = knowledge !== 'unknown' ? undefined : exhaustedUntilMs(headers, now);
      if (exhaustedUntil !== undefined) {
        this.debug(`${operation}: rate limit used up, holding the tenant's ${lane} requests ${Math.ceil((exhaustedUntil - now) / 1000)} s until the reset`);
        limiter.pause(lane, exhaustedUntil);
        shared?.pause(lane, exhaustedUntil, now);
      }
    }
    return { limits, retry, said };
  }
}
