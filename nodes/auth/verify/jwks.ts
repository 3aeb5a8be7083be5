/**
 * The tenant's signing keys (/.well-known/jwks.json), cached. Every fetch is paced: at most one
 * per `minRefetchMs`, whatever asks for it (first contact, the 10-minute refresh, a key id the
 * cache does not know after Auth0 rotated its keys), so neither made-up key ids nor a failing
 * endpoint can make the node hammer the tenant. A failed fetch is remembered until the next one
 * is due: tokens meanwhile get the same error, without a fetch. A refresh that fails leaves the
 * keys already fetched in use (for at most `maxStaleMs`): an outage of the tenant's JWKS endpoint
 * does not stop verification of tokens signed with keys it published before.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

export interface JwksCacheOptions {
  /** How long a fetched key set is trusted before it is fetched again (default 10 minutes). */
  ttlMs?: number;
  /** Shortest time between two fetches, for any reason; also how long a failure is remembered (default 30 s). */
  minRefetchMs?: number;
  /** How long keys are still used after their TTL while refreshes fail (default 24 h). */
  maxStaleMs?: number;
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
  /** When the last fetch started, successful or not: every fetch is paced by it. */
  private attemptedAt = -Infinity;
  /** The last fetch's failure, until a fetch succeeds. */
  private failure: Error | undefined;
  private inFlight: Promise<void> | undefined;
  /** Number of fetches started; visible for tests and the status. */
  fetchCount = 0;
  private readonly ttlMs: number;
  private readonly minRefetchMs: number;
  private readonly maxStaleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly fetchJwks: JwksFetch,
    options: JwksCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.minRefetchMs = options.minRefetchMs ?? 30_000;
    this.maxStaleMs = options.maxStaleMs ?? 24 * 3_600_000;
    // Read at each call (not captured), so a test that moves the process's clock moves this one too.
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * The key for `kid`, or undefined when the tenant does not publish it (after the one fetch the
   * pacing allows). Throws when the keys could not be fetched and none fetched before will do.
   */
  async getKey(kid: string): Promise<KeyObject | undefined> {
    const age = this.fetchedAt === undefined ? Infinity : this.now() - this.fetchedAt;
    const known = this.keys.get(kid);
    if (known && age < this.ttlMs) return known;
    if (this.inFlight || this.now() - this.attemptedAt >= this.minRefetchMs) {
      try {
        await this.refresh();
      } catch (err) {
        // The tenant's endpoint fails: keys it published before still verify (within the stale limit).
        if (known && age < this.ttlMs + this.maxStaleMs) return known;
        throw err;
      }
      return this.keys.get(kid);
    }
    // Paced: no fetch now.
    if (known && age < this.ttlMs + this.maxStaleMs) return known;
    if (this.failure) throw this.remembered(this.failure);
    return undefined;
  }

  /** The last failure again (same class and codes, a fresh object), saying when the next fetch may be made. */
  private remembered(failure: Error): Error {
    const seconds = Math.max(1, Math.ceil((this.attemptedAt + this.minRefetchMs - this.now()) / 1000));
    // A copy of the failure with its own prototype (a TypeError stays one), not a caught value.
    // eslint-disable-next-line no-restricted-syntax
    const err = Object.assign(Object.create(Object.getPrototypeOf(failure) as object) as Error, failure);
    err.message = `${failure.message} (the keys are fetched again in ${seconds} s)`;
    err.name = failure.name;
    Error.captureStackTrace(err);
    return err;
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
        this.failure = undefined;
      } catch (err) {
        this.failure = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }
}
