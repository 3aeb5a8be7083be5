/**
 * What auth0-events makes of a failed connection beyond the watchers' common handling: an offset
 * Auth0 no longer keeps (410, `offset_expired`: the gap is reported and the watcher goes on from
 * now), and the tenant's cap on open Events API connections (a 429 the status names, waited out
 * like any 429: until its reset, capped, with jitter; see watch/failure-wait.ts).
 */
import { Auth0Error, RateLimitError } from '../../shared/errors';
import type { NodeStatus } from '../../shared/node-red-types';
import type { StatusText } from '../../shared/status-text';
import { failureText, shortDuration } from '../../watch/failure-wait';
import { OPERATION } from './event-connection';

/** True when Auth0 no longer has the events after the offset. */
export function isExpiredOffset(err: unknown): boolean {
  return err instanceof Auth0Error && (err.statusCode === 410 || err.errorCode === 'offset_expired');
}

/** The error that names the gap an expired offset leaves. */
export function gapError(lastEventId: string | undefined, lastSavedAt: string | undefined): Auth0Error {
  const since = lastSavedAt ? ` (read until ${lastSavedAt})` : '';
  return new Auth0Error(
    `auth0-events: the stored offset ${lastEventId ?? '(none)'}${since} has expired at Auth0 (410): the events after it up to now were not received; going on from now`,
    { statusCode: 410, errorCode: 'offset_expired', operation: OPERATION },
  );
}

/** A 429's status: the connection cap named as such (Auth0 allows a tenant only so many open connections). */
export function rateLimitStatus(err: Error, retryInMs: number, text: StatusText): NodeStatus | undefined {
  if (!(err instanceof RateLimitError)) return undefined;
  const cap = /connection/i.test(err.message) || err.errorCode === 'too_many_connections';
  const failure = cap ? text('connectionCap') : failureText(err, text);
  return { fill: 'yellow', shape: 'ring', text: text('retrying', { failure, delay: shortDuration(retryInMs) }) };
}
