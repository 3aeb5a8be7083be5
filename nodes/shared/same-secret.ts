/** The receivers' check of a secret a caller sent. */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * True when the received value equals the configured one. Compared in constant time, on digests
 * so the lengths always match and the comparison time says nothing about the length. No
 * configured value matches nothing.
 */
export function sameSecret(received: unknown, expected: string | undefined): boolean {
  if (!expected || typeof received !== 'string') return false;
  return timingSafeEqual(digest(received), digest(expected));
}
