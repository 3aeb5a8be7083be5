/**
 * The one backoff policy of the package, for a request or poll that keeps failing: the wait
 * starts at `firstMs`, doubles with each failure in a row up to `capMs`, and is scaled by a random
 * factor drawn from `jitter`, so clients and nodes sharing a tenant do not retry in step. Each
 * user names its own numbers (the tenant client's 429 retries, the log watchers' polls, the job
 * watch's polls); waiting for a reset the service named is not backoff and is handled apart.
 */
export interface BackoffPolicy {
  /** The wait after the first failure, before jitter. */
  firstMs: number;
  /** The longest wait, before jitter. */
  capMs: number;
  /** The range the random factor is drawn from: [0.5, 1] waits at least half the ceiling, [0.8, 1.2] is ±20 %. */
  jitter: readonly [number, number];
}

/** The wait before jitter after `attempt` failures in a row (1 for the first). */
export function backoffCeilingMs(attempt: number, policy: BackoffPolicy): number {
  return Math.min(policy.capMs, policy.firstMs * 2 ** Math.max(0, Math.min(30, attempt - 1)));
}

/** `ms` scaled by a random factor from the policy's jitter range, rounded to whole ms. */
export function withJitter(ms: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const [low, high] = policy.jitter;
  return Math.round(ms * (low + random() * (high - low)));
}

/** The wait after `attempt` failures in a row, jitter included. */
export function backoffMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  return withJitter(backoffCeilingMs(attempt, policy), policy, random);
}
