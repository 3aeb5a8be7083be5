/**
 * How long a polling node waits after a failed poll, and how it names the failure in its status.
 * The tenant client has already retried a 429 as often as its config allows and waited for each
 * reset; what reaches the node is a failure that outlasted that.
 */
import { backoffMs } from '../shared/backoff';
import { Auth0Error, ConfigError, RateLimitError, TenantClosedError } from '../shared/errors';
import type { StatusText } from '../shared/status-text';

const FIRST_RETRY_MS = 1_000;
const MIN_BACKOFF_CAP_MS = 60_000;

/**
 * After a 429: until the limit resets (at least 1 s). Otherwise exponential from 1 s, doubling
 * per consecutive failure, capped at the larger of the poll interval and a minute, with ±20 %
 * jitter so nodes sharing a tenant do not retry in step.
 */
export function retryDelayMs(err: unknown, failures: number, intervalMs: number, now = Date.now(), random: () => number = Math.random): number {
  if (err instanceof RateLimitError && err.resetAt !== undefined) {
    return Math.min(MIN_BACKOFF_CAP_MS, Math.max(FIRST_RETRY_MS, err.resetAt * 1000 - now)) + Math.floor(random() * 250);
  }
  return backoffMs(failures, { firstMs: FIRST_RETRY_MS, capMs: Math.max(intervalMs, MIN_BACKOFF_CAP_MS), jitter: [0.8, 1.2] }, random);
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
