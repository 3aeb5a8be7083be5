/**
 * Random values for a browser login: state, nonce, and the PKCE verifier with its S256
 * challenge (RFC 7636: a verifier of 43 to 128 characters from the unreserved set).
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters, all in RFC 7636's unreserved set. */
export function randomUrlSafe(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export interface PkcePair {
  code_verifier: string;
  code_challenge: string;
  code_challenge_method: 'S256';
}

export function createPkcePair(): PkcePair {
  const code_verifier = randomUrlSafe(32);
  return { code_verifier, code_challenge: s256Challenge(code_verifier), code_challenge_method: 'S256' };
}
