/**
 * Reading Auth0's rate-limit headers and turning them into waits.
 *
 * `X-RateLimit-Reset` is UNIX epoch seconds on the service's clock. Node-RED often runs on
 * devices whose clock is off (a Raspberry Pi without a real-time clock), so when the response's
 * `Date` header shows our clock is more than a couple of seconds off, the reset is moved onto
 * our clock; otherwise a skewed clock would wait the full cap, or not at all and meet more 429s.
 */
import type { BackoffPolicy } from '../shared/backoff';
import type { RateLimitState } from '../shared/http-types';

/** The longest single wait for the service's reset, so a far or bogus reset cannot stall a flow. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Clock differences below this are ignored (the Date header only has whole seconds). */
const SKEW_TOLERANCE_MS = 2_000;
/** Added to waits for the service's reset: a margin past the boundary, and a spread so clients sharing a tenant do not resume in step. */
const RESET_MARGIN_MS = 50;
const RESET_JITTER_MS = 200;
/** A reset value below this is a number of seconds, not an epoch time (defensive: some proxies send deltas). */
const EPOCH_THRESHOLD_S = 1_000_000_000;

function integerHeader(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name];
  if (raw === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return undefined;
  return Math.floor(Number(raw));
}

/** `X-RateLimit-Limit`, `-Remaining`, `-Reset` as numbers, where sent. */
export function parseRateLimit(headers: Record<string, string>): RateLimitState {
  const state: RateLimitState = {};
  const limit = integerHeader(headers, 'x-ratelimit-limit');
  const remaining = integerHeader(headers, 'x-ratelimit-remaining');
  const reset = integerHeader(headers, 'x-ratelimit-reset');
  if (limit !== undefined) state.limit = limit;
  if (remaining !== undefined) state.remaining = remaining;
  if (reset !== undefined) state.reset = reset;
  return state;
}

/** The last `Date` header read: it changes once a second while every answer carries one. */
let lastDate: { text: string; ms: number } | undefined;

function dateHeaderMs(text: string | undefined): number {
  if (!text) return NaN;
  if (lastDate?.text !== text) lastDate = { text, ms: Date.parse(text) };
  return lastDate.ms;
}

/** Service clock minus ours, in ms, when the `Date` header shows a real difference; else 0. */
export function clockSkewMs(headers: Record<string, string>, nowMs: number): number {
  const date = dateHeaderMs(headers['date']);
  if (!Number.isFinite(date)) return 0;
  const skew = date - nowMs;
  return Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
}

export interface ServiceWait {
  /** When to resume, epoch ms on our clock (uncapped). */
  resumeAtMs: number;
  /** When the limit resets, UNIX epoch seconds, for RateLimitError.resetAt. */
  resetAt: number;
}

/**
 * When the service says to come back: `Retry-After` (seconds or an HTTP date; the most specific
 * answer about this request), else `X-RateLimit-Reset`. Undefined when it says nothing usable.
 */
export function serviceWait(headers: Record<string, string>, nowMs: number): ServiceWait | undefined {
  const skew = clockSkewMs(headers, nowMs);
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) {
      const resumeAtMs = nowMs + Number(retryAfter) * 1000;
      return { resumeAtMs, resetAt: Math.ceil(resumeAtMs / 1000) };
    }
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return { resumeAtMs: date - skew, resetAt: Math.ceil(date / 1000) };
  }
  const reset = integerHeader(headers, 'x-ratelimit-reset');
  if (reset !== undefined) {
    if (reset < EPOCH_THRESHOLD_S) {
      const resumeAtMs = nowMs + reset * 1000;
      return { resumeAtMs, resetAt: Math.ceil(resumeAtMs / 1000) };
    }
    return { resumeAtMs: reset * 1000 - skew, resetAt: reset };
  }
  return undefined;
}

/** A wait until `resumeAtMs`, capped, never negative, plus a small margin and jitter. */
export function waitUntilMs(resumeAtMs: number, nowMs: number, random: () => number = Math.random): number {
  const wait = Math.max(0, resumeAtMs - nowMs);
  return Math.min(MAX_RATE_LIMIT_WAIT_MS, wait) + RESET_MARGIN_MS + Math.floor(random() * RESET_JITTER_MS);
}

/**
 * The backoff for a 429 that names no reset: 1 s, 2 s, 4 s … capped at 30 s, each drawn from the
 * upper half of its range ("equal jitter") so waits still grow.
 */
export const RATE_LIMIT_BACKOFF: BackoffPolicy = { firstMs: 1000, capMs: 30_000, jitter: [0.5, 1] };

/**
 * When `X-RateLimit-Remaining` is 0: the moment (epoch ms, our clock) the bucket refills, so the
 * next requests wait for it instead of going out to meet a 429. Undefined when not exhausted.
 */
export function exhaustedUntilMs(headers: Record<string, string>, nowMs: number): number | undefined {
  const { remaining, reset } = parseRateLimit(headers);
  if (remaining !== 0 || reset === undefined) return undefined;
  const resumeAtMs = reset < EPOCH_THRESHOLD_S ? nowMs + reset * 1000 : reset * 1000 - clockSkewMs(headers, nowMs);
  return resumeAtMs > nowMs ? Math.min(resumeAtMs, nowMs + MAX_RATE_LIMIT_WAIT_MS) : undefined;
}

/** When `X-RateLimit-Reset` says the bucket is full again, epoch ms on our clock; undefined when not sent. */
export function resetAtMs(headers: Record<string, string>, nowMs: number): number | undefined {
  const reset = integerHeader(headers, 'x-ratelimit-reset');
  if (reset === undefined) return undefined;
  return reset < EPOCH_THRESHOLD_S ? nowMs + reset * 1000 : reset * 1000 - clockSkewMs(headers, nowMs);
}
