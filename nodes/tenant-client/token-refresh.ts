/**
 * The 401 policy: a management request whose token the service rejects drops that token from
 * the cache and is sent once more with a freshly fetched one (a token revoked or rotated before
 * its expiry). Only once per request, and only for the token it was sent with, so a second 401
 * or a concurrent refresh never loops.
 */
import type { ManagementTokenProvider } from './token-provider';

export class TokenRefresh {
  /** The request has already been sent again with a fresh token. */
  used = false;

  constructor(private readonly tokens: ManagementTokenProvider) {}

  /** True when the request is to be sent again: the answer was a 401 to our management token, not yet refreshed. */
  shouldRetry(statusCode: number, auth: 'management' | 'none', token: string | undefined): boolean {
    if (statusCode !== 401 || auth !== 'management' || token === undefined || this.used) return false;
    if (!this.tokens.invalidate(token)) return false;
    this.used = true;
    return true;
  }
}
