/**
 * RS256 JWTs: one signing key per emulator instance, made once at start (never per request),
 * published at /.well-known/jwks.json. The Management API can rotate it (the next key becomes
 * current, the old one keeps verifying) and revoke retired keys; a reset goes back to the first key.
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

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: Jwk;
}

function makeKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const exported = publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
  const kid = createHash('sha256').update(exported.n).digest('base64url').slice(0, 22);
  return { kid, privateKey, publicKey, jwk: { kty: exported.kty, n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' } };
}

/** A signing key as the Management API's keys endpoints show it. */
export interface SigningKeyState {
  kid: string;
  pem: string;
  current: boolean;
  next: boolean;
  previous: boolean;
  revoked: boolean;
}

export class JwtSigner {
  /** The key made at start, which reset() goes back to. */
  private readonly first: SigningKey;
  private current: SigningKey;
  /** Prepared for the next rotation; made when first asked for. */
  private upcoming?: SigningKey;
  /** Keys that were current once: tokens they signed verify until they are revoked. */
  private retired: SigningKey[] = [];
  private readonly revokedKids = new Set<string>();
  /** Changes whenever a key stops verifying, so caches of verified tokens know to forget them. */
  revision = 0;

  constructor() {
    this.first = makeKey();
    this.current = this.first;
  }

  get kid(): string {
    return this.current.kid;
  }

  /** The keys a token may be checked with: current, retired ones not revoked, and the next one. */
  jwks(): { keys: Jwk[] } {
    const live = [this.current, ...this.retired.filter((k) => !this.revokedKids.has(k.kid)), ...(this.upcoming ? [this.upcoming] : [])];
    return { keys: live.map((k) => ({ ...k.jwk })) };
  }

  publicKeyPem(): string {
    return this.current.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  /** Every key with its role, newest last: retired ones, the current one, the next one. */
  keyStates(): SigningKeyState[] {
    this.upcoming ??= makeKey();
    const state = (k: SigningKey, role: 'current' | 'next' | 'previous'): SigningKeyState => ({
      kid: k.kid,
      pem: k.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      current: role === 'current',
      next: role === 'next',
      previous: role === 'previous',
      revoked: this.revokedKids.has(k.kid),
    });
    return [...this.retired.map((k) => state(k, 'previous')), state(this.current, 'current'), state(this.upcoming, 'next')];
  }

  /** The next key becomes current (new tokens are signed with it); the current one is retired and still verifies. */
  rotate(): string {
    const next = this.upcoming ?? makeKey();
    this.retired.push(this.current);
    this.current = next;
    this.upcoming = undefined;
    return next.kid;
  }

  /** Revokes a retired key: it leaves the JWKS and tokens it signed no longer verify. False for the current or next key. */
  revoke(kid: string): boolean {
    if (!this.retired.some((k) => k.kid === kid)) return false;
    this.revokedKids.add(kid);
    this.revision += 1;
    return true;
  }

  /** Back to the key made at start. */
  reset(): void {
    const changed = this.current !== this.first || this.retired.length > 0 || this.revokedKids.size > 0;
    this.current = this.first;
    this.upcoming = undefined;
    this.retired = [];
    this.revokedKids.clear();
    if (changed) this.revision += 1;
  }

  private verifyingKey(kid: unknown): SigningKey | undefined {
    if (kid === undefined || kid === this.current.kid) return this.current;
    return this.retired.find((k) => k.kid === kid && !this.revokedKids.has(k.kid));
  }

  sign(claims: JwtClaims): string {
    const header = base64urlJson({ alg: 'RS256', typ: 'JWT', kid: this.current.kid });
    const payload = base64urlJson(claims);
    const signingInput = `${header}.${payload}`;
    const signature = sign('sha256', Buffer.from(signingInput), this.current.privateKey).toString('base64url');
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
    const key = this.verifyingKey(header.kid);
    if (!key) return { ok: false, reason: 'bad_signature' };
    const valid = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), key.publicKey, Buffer.from(parts[2], 'base64url'));
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
