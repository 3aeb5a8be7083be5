/**
 * The tenant's signing keys (/.well-known/jwks.json), cached. A key id the cache does not know
 * triggers a refetch (Auth0 rotates keys), at most once per `minRefetchMs`, so tokens with
 * made-up key ids cannot make the node hammer the tenant.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

export interface JwksCacheOptions {
  /** How long a fetched key set is trusted before it is fetched again (default 10 minutes). */
  ttlMs?: number;
  /** Shortest time between two refetches caused by an unknown key id (default 30 s). */
  minRefetchMs?: number;
  /** Clock, epoch ms; tests pass their own. */
  now?: () => number;
}

/** Fetches the key set document; throws when the tenant cannot be reached. */
export type JwksFetch = () => Promise<unknown>;

/** RSA signing keys of a JWKS document by key id; other keys are skipped. */
export function parseJwks(document: unknown): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  const list = typeof document === 'object' && document !== null ? (document as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(list)) throw new Error('the tenant\'s JWKS document has no "keys" array');
  for (const jwk of list as Record<string, unknown>[]) {
    if (typeof jwk !== 'object' || jwk === null) continue;
    if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') continue;
    if (jwk.use !== undefined && jwk.use !== 'sig') continue;
    if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' }));
    } catch {
      // A key Node cannot read cannot verify anything: leave it out.
    }
  }
  return keys;
}

export class JwksCache {
  private keys = new Map<string, KeyObject>();
  private fetchedAt: number | undefined;
  /** When the last fetch started, successful or not: the unknown-kid refetch is paced by it. */
  private attemptedAt = -Infinity;
  private inFlight: Promise<void> | undefined;
  /** Number of fetches started; visible for tests and the status. */
  fetchCount = 0;
  private readonly ttlMs: number;
  private readonly minRefetchMs: number;
  private readonly now: () => number;

  constructor(
    private readonly fetchJwks: JwksFetch,
    options: JwksCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.minRefetchMs = options.minRefetchMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** The key for `kid`, or undefined when the tenant does not have it (after one allowed refetch). */
  async getKey(kid: string): Promise<KeyObject | undefined> {
    const age = this.fetchedAt === undefined ? Infinity : this.now() - this.fetchedAt;
    if (age >= this.ttlMs) {
      await this.refresh();
      return this.keys.get(kid);
    }
    const known = this.keys.get(kid);
    if (known) return known;
    if (this.now() - this.attemptedAt >= this.minRefetchMs) {
      await this.refresh();
      return this.keys.get(kid);
    }
    return undefined;
  }

  /** One fetch at a time: concurrent callers share it. */
  private refresh(): Promise<void> {
    this.inFlight ??= (async () => {
      this.fetchCount += 1;
      this.attemptedAt = this.now();
      try {
        const document = await this.fetchJwks();
        this.keys = parseJwks(document);
        this.fetchedAt = this.now();
      } finally {
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }
}
