/**
 * Polling the token endpoint for a grant the user answers elsewhere (device code, backchannel
 * login): never faster than the interval Auth0 gave, five seconds slower after each slow_down
 * (RFC 8628 §3.5), until tokens come, Auth0 refuses for good (expired_token, access_denied, …)
 * or the node closes.
 */
import { Auth0Error } from '../shared/errors';
import type { Auth0Response, RequestSpec, TenantClient } from '../shared/http-types';

/** What RFC 8628 adds to the interval after a slow_down. */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** Auth0's interval when an answer names none. */
export const DEFAULT_INTERVAL_SECONDS = 5;

/** Resolves after `ms`, or rejects at once when `signal` aborts (the node closed). */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): Auth0Error {
  return new Auth0Error('polling stopped: the node was closed', { statusCode: 0, errorCode: 'ABORT_ERR' });
}

export interface PollOptions {
  client: TenantClient;
  /** The token request to repeat (grant, code and client credentials in its body). */
  request: RequestSpec;
  /** Seconds between polls, as the start answer gave it. */
  intervalSeconds: number;
  /** Seconds the code lives, as the start answer gave it: polling stops after that. */
  expiresInSeconds: number;
  signal: AbortSignal;
  /** Seconds added by a slow_down (RFC 8628: 5). */
  slowDownStepSeconds?: number;
  /** Called before each wait, with the seconds waited and the polls so far (for the node status). */
  onWait?(seconds: number, polls: number): void;
}

/** Seconds from an answer's field, or the fallback when it is absent or not a positive number. */
export function secondsOf(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Polls until tokens come; throws Auth0's final refusal (or expired_token once the code's lifetime is over). */
export async function pollForTokens(options: PollOptions): Promise<Auth0Response> {
  let interval = options.intervalSeconds;
  const deadline = Date.now() + options.expiresInSeconds * 1000;
  let polls = 0;
  for (;;) {
    options.onWait?.(interval, polls);
    await waitFor(interval * 1000, options.signal);
    polls += 1;
    try {
      return await options.client.request({ ...options.request, signal: options.signal });
    } catch (err) {
      const code = err instanceof Auth0Error ? err.errorCode : undefined;
      if (code === 'slow_down') interval += options.slowDownStepSeconds ?? SLOW_DOWN_STEP_SECONDS;
      else if (code !== 'authorization_pending') throw err;
      // Auth0 says expired_token itself; this ends the loop should its clock and ours disagree.
      if (Date.now() >= deadline) {
        throw new Auth0Error(`${options.request.operation ?? 'polling'}: the code expired before the user answered`, {
          statusCode: 0,
          errorCode: 'expired_token',
          error: 'expired_token',
          operation: options.request.operation,
        });
      }
    }
  }
}
