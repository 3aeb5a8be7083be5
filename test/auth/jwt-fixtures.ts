/**
 * Test keys and tokens: an RSA key pair per test key id, tokens signed with it (or forged with
 * alg none / HS256), and the JWKS document that publishes the public keys.
 */
import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface TestKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function makeKey(kid: string): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
}

function part(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function signRs256(claims: Record<string, unknown>, key: TestKey, header: Record<string, unknown> = {}): string {
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header })}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key.privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/** A token with alg none and an empty signature part. */
export function unsignedToken(claims: Record<string, unknown>, kid: string): string {
  return `${part({ alg: 'none', kid })}.${part(claims)}.`;
}

/** The algorithm-confusion forgery: HS256 keyed with the RSA public key's bytes. */
export function hs256WithPublicKey(claims: Record<string, unknown>, key: TestKey): string {
  const input = `${part({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${part(claims)}`;
  const secret = key.publicKey.export({ type: 'spki', format: 'pem' });
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export function jwksOf(...keys: TestKey[]): { keys: Record<string, unknown>[] } {
  return {
    keys: keys.map((key) => ({ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, use: 'sig', alg: 'RS256' })),
  };
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Claims of a fresh access token for `audience` from `issuer`. */
export function accessClaims(issuer: string, audience: string | string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const now = nowSeconds();
  return { iss: issuer, sub: 'auth0|user1', aud: audience, iat: now, exp: now + 3600, scope: 'read:things', ...extra };
}
