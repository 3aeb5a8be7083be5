/**
 * Private key JWT client authentication (RFC 7523, as Auth0 takes it): a short-lived JWT signed
 * with the application's private key stands in for its client secret. Node's own crypto signs it;
 * the key is read once per tenant client and never leaves this module in any text.
 */
import { createPrivateKey, randomUUID, sign, constants, type KeyObject } from 'node:crypto';
import { ConfigError } from '../shared/errors';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'PS256'] as const;
export type SigningAlg = (typeof SIGNING_ALGORITHMS)[number];

/** Auth0 accepts at most 5 minutes; it recommends 1. */
const LIFETIME_SECONDS = 60;

/** The Authentication API endpoints where Auth0 takes an assertion instead of a client secret. */
export const ASSERTION_ENDPOINTS: ReadonlySet<string> = new Set(['/oauth/token', '/oauth/revoke', '/mfa/challenge', '/passwordless/start']);

export function signingAlgOf(value: unknown): SigningAlg {
  return SIGNING_ALGORITHMS.includes(value as SigningAlg) ? (value as SigningAlg) : 'RS256';
}

/**
 * A PEM as typed or stored: its line breaks written `\n` (an environment variable on one line), or
 * lost altogether (a one-line password field drops them) are put back.
 */
export function normalisePem(text: string): string {
  const pem = text.replace(/\\n/g, '\n').trim();
  const match = /^(-----BEGIN [A-Z0-9 ]+-----)\s*([\s\S]*?)\s*(-----END [A-Z0-9 ]+-----)$/.exec(pem);
  if (!match || /^[A-Za-z-]+:/m.test(match[2])) return pem; // not a PEM, or with headers (encrypted): as it is
  const body = match[2].replace(/\s+/g, '');
  return `${match[1]}\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n${match[3]}\n`;
}

/**
 * The private key as a KeyObject, or a ConfigError that names the credential and never quotes it
 * (Node's own parse errors can carry a line of the PEM).
 */
export function readPrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: normalisePem(pem), format: 'pem' });
  } catch {
    throw new ConfigError('auth0-config: the private key is not a PEM-encoded private key (PKCS#8 or PKCS#1 RSA)');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new ConfigError(`auth0-config: the private key is ${key.asymmetricKeyType ?? 'not'} an RSA key; Auth0 takes RS256, RS384 or PS256 (RSA keys)`);
  }
  return key;
}

export interface AssertionSigner {
  readonly clientId: string;
  /** A fresh assertion: a new `jti` each time (Auth0 refuses one it has seen). */
  sign(): string;
}

export interface AssertionOptions {
  clientId: string;
  /** The tenant's host (`my-tenant.eu.auth0.com`, or a custom domain): the audience is `https://{domain}/`. */
  domain: string;
  privateKey: string;
  alg?: SigningAlg;
  /** The credential's `kid`, when Auth0 should not have to try each registered key. */
  keyId?: string;
  /** Seconds since the epoch (tests). */
  now?: () => number;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Signs one assertion with an already-read key. */
export function signAssertion(key: KeyObject, options: Omit<AssertionOptions, 'privateKey'>): string {
  const alg = options.alg ?? 'RS256';
  const now = Math.floor(options.now ? options.now() : Date.now() / 1000);
  const header: Record<string, string> = { alg, typ: 'JWT' };
  if (options.keyId) header.kid = options.keyId;
  const claims = {
    iss: options.clientId,
    sub: options.clientId,
    aud: `https://${options.domain}/`,
    iat: now,
    exp: now + LIFETIME_SECONDS,
    jti: randomUUID(),
  };
  const input = `${base64url(header)}.${base64url(claims)}`;
  const signature =
    alg === 'PS256'
      ? sign('sha256', Buffer.from(input), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST })
      : sign(alg === 'RS384' ? 'sha384' : 'sha256', Buffer.from(input), key);
  return `${input}.${signature.toString('base64url')}`;
}

/** A signer for one tenant's application; the key is parsed here, so a bad key fails at once. */
export function createAssertionSigner(options: AssertionOptions): AssertionSigner {
  const key = readPrivateKey(options.privateKey);
  const { privateKey: _omitted, ...rest } = options;
  return { clientId: options.clientId, sign: () => signAssertion(key, rest) };
}
