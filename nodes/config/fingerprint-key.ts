/**
 * The keyed hash that stands for a secret in a tenant snapshot (auth0-tenant-snapshot): a changed
 * client secret shows as a changed fingerprint, and nobody holding the snapshot can test guesses
 * of the secret against it without the key. The key is derived from the config node's own
 * credential (client secret, else private key, else static token) and never leaves the config
 * node: only fingerprints and a key id (a hash of a constant, to tell that the key changed) do.
 */
import { createHmac } from 'node:crypto';

/** Fingerprints are `hmac-sha256:` + 32 hex characters (128 bits): ample to tell values apart. */
const FINGERPRINT_HEX = 32;

export interface Fingerprinter {
  /** The fingerprint of a secret value (a string as it is, anything else as canonical JSON). */
  fingerprint(value: string): string;
  /** Changes exactly when the key changes (the config node's credential was replaced). */
  readonly keyId: string;
}

/** Undefined when the config node has no credential to derive a key from. */
export function fingerprinter(credentials: Record<string, string | undefined>, domain: string): Fingerprinter | undefined {
  const material = credentials.clientSecret || credentials.privateKey || credentials.token;
  if (!material) return undefined;
  const key = createHmac('sha256', material).update(`@idflow/node-red-auth0 tenant snapshot fingerprints|${domain}`).digest();
  const keyed = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  return {
    fingerprint: (value) => `hmac-sha256:${keyed(`value|${value}`).slice(0, FINGERPRINT_HEX)}`,
    keyId: keyed('key id').slice(0, 12),
  };
}
