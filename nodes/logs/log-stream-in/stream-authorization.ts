/** The Authorization check of auth0-log-stream-in. */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * True when the received header equals the configured value. Compared in constant time, on
 * digests so the lengths always match and the comparison time says nothing about the length.
 * No configured value matches nothing.
 */
export function authorizationMatches(received: unknown, expected: string | undefined): boolean {
  if (!expected || typeof received !== 'string') return false;
  return timingSafeEqual(digest(received), digest(expected));
}
