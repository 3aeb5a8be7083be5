/**
 * RS256 JWTs: one signing key per emulator instance, made once at start (never
 * per request) and kept across resets, published at /.well-known/jwks.json.
 */
import { createHash, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  scope?: string;
};

export interface Jwk {
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
  x5t?: string;
}

export type JwtFailure = 'malformed' | 'bad_signature' | 'unsupported_alg' | 'expired' | 'bad_audience' | 'bad_issuer';

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure };

export class JwtSigner {
  readonly kid: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly jwk: Jwk;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    const exported = publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
    this.kid = createHash('sha256').update(exported.n).digest('base64url').slice(0, 22);
    this.jwk = { kty: exported.kty, n: exported.n, e: exported.e, kid: this.kid, alg: 'RS256', use: 'sig' };
  }

  jwks(): { keys: Jwk[] } {
    return { keys: [{ ...this.jwk }] };
  }

  publicKeyPem(): string {
    return this.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  sign(claims: JwtClaims): string {
    const header = base64urlJson({ alg: 'RS256', typ: 'JWT', kid: this.kid });
    const payload = base64urlJson(claims);
    const signingInput = `${header}.${payload}`;
    const signature = sign('sha256', Buffer.from(signingInput), this.privateKey).toString('base64url');
    return `${signingInput}.${signature}`;
  }

  /** Checks signature (RS256 with this key) and decodes; expiry/audience are checked by `check`. */
  decodeVerified(token: string): { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure } {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'malformed' };
    let header: Record<string, unknown>;
    let claims: JwtClaims;
    try {
      header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as Record<string, unknown>;
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as JwtClaims;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (header === null || typeof header !== 'object' || claims === null || typeof claims !== 'object') {
      return { ok: false, reason: 'malformed' };
    }
    if (header.alg !== 'RS256') return { ok: false, reason: 'unsupported_alg' };
    const valid = verify(
      'sha256',
      Buffer.from(`${parts[0]}.${parts[1]}`),
      this.publicKey,
      Buffer.from(parts[2], 'base64url'),
    );
    return valid ? { ok: true, claims } : { ok: false, reason: 'bad_signature' };
  }

  /** Full check: signature, expiry against `nowSeconds`, and (when given) audience and issuer. */
  check(token: string, nowSeconds: number, expected: { audience?: string; issuer?: string } = {}): JwtCheck {
    const decoded = this.decodeVerified(token);
    if (!decoded.ok) return decoded;
    return checkClaims(decoded.claims, nowSeconds, expected);
  }
}

export function checkClaims(claims: JwtClaims, nowSeconds: number, expected: { audience?: string; issuer?: string }): JwtCheck {
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (expected.audience !== undefined) {
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes(expected.audience)) return { ok: false, reason: 'bad_audience' };
  }
  if (expected.issuer !== undefined && claims.iss !== expected.issuer) return { ok: false, reason: 'bad_issuer' };
  return { ok: true, claims };
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Decodes a JWT payload without checking anything (for tests and logging the `jti`). */
export function decodeUnverified(token: string): JwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return undefined;
  }
}
