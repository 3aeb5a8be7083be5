/**
 * How long a watcher waits after a failed turn (a poll, a connection), and how it names the
 * failure in its status: one wait for every watcher, through the package's backoff policy
 * (shared/backoff.ts). The tenant client has already retried a 429 as often as its config allows
 * and waited for each reset; what reaches the watcher is a failure that outlasted that.
 */
import { type BackoffPolicy, backoffMs } from '../shared/backoff';
import { Auth0Error, ConfigError, RateLimitError, TenantClosedError } from '../shared/errors';
import type { StatusText } from '../shared/status-text';

const FIRST_RETRY_MS = 1_000;
const MIN_BACKOFF_CAP_MS = 60_000;
/** Spread added past a 429's reset, so watchers sharing a tenant do not all come back at its first millisecond. */
const RESET_SPREAD_MS = 250;

/**
 * The one wait after `failures` failed turns in a row: the policy's backoff (jitter included), and
 * never before a 429's reset, itself capped by the policy's cap and spread a little.
 */
export function failureWaitMs(err: unknown, failures: number, policy: BackoffPolicy, now = Date.now(), random: () => number = Math.random): number {
  const backoff = backoffMs(failures, policy, random);
  if (!(err instanceof RateLimitError) || err.resetAt === undefined) return backoff;
  const untilReset = Math.min(policy.capMs, Math.max(0, err.resetAt * 1000 - now));
  return Math.max(backoff, untilReset + Math.floor(random() * RESET_SPREAD_MS));
}

/** The policy of a watcher with a poll interval: from 1 s, capped at the larger of the interval and a minute, ±20 %. */
export function watcherPolicy(intervalMs: number): BackoffPolicy {
  return { firstMs: FIRST_RETRY_MS, capMs: Math.max(intervalMs, MIN_BACKOFF_CAP_MS), jitter: [0.8, 1.2] };
}

/** The wait of a watcher polling every `intervalMs` (see failureWaitMs and watcherPolicy). */
export function retryDelayMs(err: unknown, failures: number, intervalMs: number, now = Date.now(), random: () => number = Math.random): number {
  return failureWaitMs(err, failures, watcherPolicy(intervalMs), now, random);
}

/** A short status text (Node-RED shows about 20 characters). */
export function failureText(err: unknown, text: StatusText): string {
  if (err instanceof RateLimitError) return text('failure.rateLimited');
  if (err instanceof ConfigError) return text('configuration');
  if (err instanceof Auth0Error) {
    if (err.statusCode >= 400) return text('failure.http', { status: err.statusCode });
    if (err.errorCode === 'ETIMEDOUT' || err.errorCode === 'ECONNTIMEOUT') return text('failure.timeout');
    if (err.errorCode === 'invalid_response') return text('failure.badResponse');
    if (err.errorCode === 'ECONNREFUSED' || err.errorCode === 'ENOTFOUND') return text('failure.unreachable');
    return text('failure.connection');
  }
  return text('failure.error');
}

/** The tenant's client was closed under us (its config node is being redeployed): not worth an alert. */
export function isClientClosed(err: unknown): boolean {
  if (err instanceof TenantClosedError) return true;
  return err instanceof Auth0Error && (err.errorCode === 'CLIENT_CLOSED' || err.errorCode === 'ABORT_ERR');
}

/** `12 s`, `3 min` for status texts. */
export function shortDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 120 ? `${s}s` : `${Math.round(s / 60)}min`;
}
