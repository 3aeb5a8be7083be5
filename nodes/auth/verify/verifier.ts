/**
 * Verifies one token: shape, algorithm, signature against the tenant's keys, then the claims.
 * Returns the claims of a valid token; throws InvalidTokenError for a token to refuse, and any
 * other error when the keys could not be fetched (the token is not at fault then).
 */
import { checkClaims, type ClaimExpectations } from './claims';
import { InvalidTokenError } from './invalid-token';
import type { JwksCache } from './jwks';
import { checkHeader, decodeJwt, hasValidSignature } from './jwt';

export type VerifyExpectations = Omit<ClaimExpectations, 'now'> & { now?: number };

export async function verifyToken(token: string, keys: JwksCache, expect: VerifyExpectations): Promise<Record<string, unknown>> {
  const jwt = decodeJwt(token);
  const { kid } = checkHeader(jwt.header);
  const key = await keys.getKey(kid);
  if (!key) throw new InvalidTokenError('unknown_key', 'token was signed with a key the tenant does not publish');
  if (!hasValidSignature(jwt, key)) throw new InvalidTokenError('bad_signature', 'token signature is not valid');
  checkClaims(jwt.payload, { ...expect, now: expect.now ?? Math.floor(Date.now() / 1000) });
  return jwt.payload;
}
