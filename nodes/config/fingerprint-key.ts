/**
 * The keyed hash that stands for a secret in a tenant snapshot (auth0-tenant-snapshot): a changed
 * client secret shows as a changed fingerprint, and nobody holding the snapshot can test guesses
 * of the secret against it without the key. The key is derived from the config node's own
 * credential, the one that authenticates (a static token wins over a client secret left beside it,
 * as the tenant client's; else the client secret, else the private key), and never leaves the config
 * node: only fingerprints and a key id (a hash of a constant, to tell that the key changed) do.
 */
import { createHmac } from 'node:crypto';
import { ConfigError } from '../shared/errors';

/** A credential that is still exactly `${NAME}`: Node-RED found no such environment variable to put in its place. */
const UNRESOLVED_ENV = /^\$\{(\S+)\}$/;

/** Fingerprints are `hmac-sha256:` + 32 hex characters (128 bits): ample to tell values apart. */
const FINGERPRINT_HEX = 32;

export interface Fingerprinter {
  /** The fingerprint of a secret value (a string as it is, anything else as canonical JSON). */
  fingerprint(value: string): string;
  /** Changes exactly when the key changes (the config node's credential was replaced). */
  readonly keyId: string;
}

/**
 * Undefined when the config node has no credential to derive a key from; a ConfigError when the
 * credential that authenticates still reads `${NAME}` (a key everyone can guess is no key).
 */
export function fingerprinter(credentials: Record<string, string | undefined>, domain: string): Fingerprinter | undefined {
  const [name, material] = authenticatingCredential(credentials) ?? [];
  if (!name || !material) return undefined;
  const unresolved = UNRESOLVED_ENV.exec(material);
  if (unresolved)
    throw new ConfigError(
      `the tenant's ${name} reads \${${unresolved[1]}}, an environment variable that is not set: no fingerprint key can be made from it, so no snapshot is taken`,
    );
  const key = createHmac('sha256', material).update(`@idflow/node-red-auth0 tenant snapshot fingerprints|${domain}`).digest();
  const keyed = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  return {
    fingerprint: (value) => `hmac-sha256:${keyed(`value|${value}`).slice(0, FINGERPRINT_HEX)}`,
    keyId: keyed('key id').slice(0, 12),
  };
}

/** The credential the tenant client authenticates with, by its name in the editor. */
function authenticatingCredential(credentials: Record<string, string | undefined>): [string, string] | undefined {
  if (credentials.token) return ['token', credentials.token];
  if (credentials.clientSecret) return ['client secret', credentials.clientSecret];
  if (credentials.privateKey) return ['private key', credentials.privateKey];
  return undefined;
}
