/**
 * Splitting and checking a compact JWS (RS256 only) with node:crypto. Only RS256 is accepted:
 * `none` and the HMAC algorithms are refused before any key is looked at, so a public key can
 * never be used as an HMAC secret (the algorithm-confusion attack).
 */
import { verify, type KeyObject } from 'node:crypto';
import { InvalidTokenError } from './invalid-token';

export const ACCEPTED_ALG = 'RS256';

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** `base64url(header).base64url(payload)`: the bytes the signature covers. */
  signingInput: string;
  signature: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJsonPart(part: string, what: string): Record<string, unknown> {
  if (!BASE64URL.test(part)) throw new InvalidTokenError('malformed', `token ${what} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed', `token ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidTokenError('malformed', `token ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** Decodes without trusting anything: the caller still checks the header, the signature and the claims. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError('malformed', 'token is not a JWT (three dot-separated parts)');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart, 'header');
  const payload = decodeJsonPart(payloadPart, 'payload');
  if (!BASE64URL.test(signaturePart)) throw new InvalidTokenError('malformed', 'token signature is missing or not base64url');
  return { header, payload, signingInput: `${headerPart}.${payloadPart}`, signature: Buffer.from(signaturePart, 'base64url') };
}

/** Refuses every algorithm but RS256 and any critical header extension we do not understand. */
export function checkHeader(header: Record<string, unknown>): { kid: string } {
  if (header.alg !== ACCEPTED_ALG) {
    throw new InvalidTokenError('unsupported_alg', `token algorithm must be ${ACCEPTED_ALG}`);
  }
  if (header.crit !== undefined) {
    throw new InvalidTokenError('malformed', 'token has critical header extensions this node does not support');
  }
  if (typeof header.kid !== 'string' || header.kid === '') {
    throw new InvalidTokenError('unknown_key', 'token header has no key id (kid)');
  }
  return { kid: header.kid };
}

export function hasValidSignature(jwt: DecodedJwt, key: KeyObject): boolean {
  try {
    return verify('RSA-SHA256', Buffer.from(jwt.signingInput, 'ascii'), key, jwt.signature);
  } catch {
    return false;
  }
}
