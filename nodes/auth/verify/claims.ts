/**
 * The claim checks of an Auth0 token, after its signature has been verified: issuer, audience,
 * expiry and not-before with leeway, and for ID tokens those of OpenID Connect Core 3.1.3.7
 * (iat, nonce, azp, auth_time against max_age), plus the organization Auth0 adds.
 */
import { InvalidTokenError } from './invalid-token';

export type TokenKind = 'access' | 'id';

export interface ClaimExpectations {
  kind: TokenKind;
  issuer: string;
  audience: string;
  /** Clock skew allowed on every time check, seconds. */
  leeway: number;
  /** Now, UNIX epoch seconds. */
  now: number;
  nonce?: string;
  /** Seconds; the user must have logged in no longer ago than this. */
  maxAge?: number;
  /** `org_…` compares with org_id; anything else with org_name (Auth0 stores names in lower case). */
  organization?: string;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function requireString(claims: Record<string, unknown>, name: string, label: string): string {
  const value = claims[name];
  if (typeof value !== 'string' || value === '') {
    throw new InvalidTokenError('missing_claim', `token has no ${label} (${name}) claim`);
  }
  return value;
}

function requireNumber(claims: Record<string, unknown>, name: string, label: string): number {
  const value = claims[name];
  if (!isNumber(value)) throw new InvalidTokenError('missing_claim', `token has no numeric ${label} (${name}) claim`);
  return value;
}

export function checkClaims(claims: Record<string, unknown>, expect: ClaimExpectations): void {
  if (requireString(claims, 'iss', 'issuer') !== expect.issuer) {
    throw new InvalidTokenError('wrong_issuer', 'token issuer (iss) is not the expected issuer');
  }
  requireString(claims, 'sub', 'subject');

  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) && aud.every((a) => typeof a === 'string') ? aud : undefined;
  if (!audiences || audiences.length === 0) throw new InvalidTokenError('missing_claim', 'token has no audience (aud) claim');
  if (!audiences.includes(expect.audience)) {
    throw new InvalidTokenError('wrong_audience', 'token audience (aud) does not include the expected audience');
  }

  const exp = requireNumber(claims, 'exp', 'expiry');
  if (expect.now > exp + expect.leeway) throw new InvalidTokenError('expired', 'token has expired');
  if (claims.nbf !== undefined) {
    if (!isNumber(claims.nbf)) throw new InvalidTokenError('missing_claim', 'token not-before (nbf) claim is not a number');
    if (expect.now + expect.leeway < claims.nbf) throw new InvalidTokenError('not_yet_valid', 'token is not valid yet (nbf)');
  }

  if (expect.kind === 'id') {
    requireNumber(claims, 'iat', 'issued-at');
    // With several audiences the authorized party must be this application.
    if (audiences.length > 1 && claims.azp !== expect.audience) {
      throw new InvalidTokenError('wrong_azp', 'token authorized party (azp) is not the expected client');
    }
  }

  if (expect.nonce !== undefined && expect.nonce !== '') {
    if (claims.nonce !== expect.nonce) throw new InvalidTokenError('wrong_nonce', 'token nonce does not match');
  }

  if (expect.maxAge !== undefined) {
    const authTime = requireNumber(claims, 'auth_time', 'authentication time');
    if (expect.now > authTime + expect.maxAge + expect.leeway) {
      throw new InvalidTokenError('login_too_old', 'the user logged in longer ago than max_age allows');
    }
  }

  if (expect.organization !== undefined && expect.organization !== '') {
    const org = expect.organization;
    if (org.startsWith('org_')) {
      if (claims.org_id !== org) throw new InvalidTokenError('wrong_organization', 'token organization (org_id) does not match');
    } else if (typeof claims.org_name !== 'string' || claims.org_name !== org.toLowerCase()) {
      throw new InvalidTokenError('wrong_organization', 'token organization (org_name) does not match');
    }
  }
}
