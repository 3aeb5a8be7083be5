/**
 * The Management API token of one tenant: the static token when one is configured, otherwise
 * the client-credentials grant, fetched on first use, cached, and renewed before it expires.
 *
 * - One fetch at a time: concurrent callers share the promise of the fetch in progress.
 * - A failed fetch is not cached: the next caller tries again.
 * - Renewal happens at 90 % of the lifetime or 60 s before expiry, whichever comes first. If a
 *   renewal fails while the old token is still good, callers keep the old token and the renewal
 *   is tried again a little later, so a short outage of /oauth/token does not fail requests.
 * - A caller's abort signal only ends that caller's wait; the shared fetch goes on for the others.
 */
import { ConfigError, toError } from '../shared/errors';

export interface FetchedToken {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  /** When to renew, epoch ms, if the fetcher decides (a token shared by replicas is renewed at one time). */
  renewAtMs?: number;
}

export interface TokenProviderOptions {
  staticToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** A private key stands in for the client secret (private key JWT). */
  privateKey?: string;
  domain: string;
  /** Fetches a token with the client-credentials grant (through the tenant's limiter). */
  fetchToken(): Promise<FetchedToken>;
  /** The error a caller gets when its signal aborts its wait. */
  abortError(): Error;
  log?: (level: 'debug' | 'warn', message: string) => void;
  now?: () => number;
}

interface CachedToken {
  token: string;
  renewAt: number;
  /** Used no later than this (a little before the real expiry, for requests still in flight). */
  usableUntil: number;
}

/** Wait before trying a failed renewal again while the old token still works. */
const RENEW_RETRY_MS = 15_000;

export class ManagementTokenProvider {
  private readonly options: TokenProviderOptions;
  private readonly now: () => number;
  private cached: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private renewRetryAt = 0;

  constructor(options: TokenProviderOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  get isStatic(): boolean {
    return Boolean(this.options.staticToken);
  }

  /** The fetched tokens' values currently known (for scrubbing). */
  knownTokens(): string[] {
    const tokens: string[] = [];
    if (this.options.staticToken) tokens.push(this.options.staticToken);
    if (this.cached) tokens.push(this.cached.token);
    return tokens;
  }

  /** What is missing to obtain a token, or undefined when a token can be had. */
  missingCredentials(): ConfigError | undefined {
    if (this.options.staticToken) return undefined;
    const missing: string[] = [];
    if (!this.options.clientId) missing.push('Client ID');
    if (!this.options.clientSecret && !this.options.privateKey) missing.push('Client Secret (or private key)');
    if (missing.length === 0) return undefined;
    return new ConfigError(
      `auth0-config (${this.options.domain}): no Management API token and no ${missing.join(' or ')}: ` +
        'set a static token, or the Client ID and the Client Secret or private key of an application granted access to the Management API',
    );
  }

  /**
   * The token `get` would give at once, without waiting: the static token, or the cached one
   * while it needs no renewal; undefined when `get` has something to do (fetch, renew, wait).
   */
  ready(): string | undefined {
    if (this.options.staticToken) return this.options.staticToken;
    const current = this.cached;
    return current && this.now() < current.renewAt ? current.token : undefined;
  }

  async get(signal?: AbortSignal): Promise<string> {
    if (this.options.staticToken) return this.options.staticToken;
    const missing = this.missingCredentials();
    if (missing) throw missing;

    const now = this.now();
    const current = this.cached;
    if (current && now < current.renewAt) return current.token;
    if (current && now < current.usableUntil && (this.inflight || now < this.renewRetryAt)) {
      // Renewal in progress or recently failed: the old token is still good, keep using it.
      if (this.inflight) {
        return this.waitFor(this.inflight, signal).then(
          (t) => t.token,
          (err: unknown) => {
            if (signal?.aborted) throw err;
            return current.token;
          },
        );
      }
      return current.token;
    }
    const fetching = this.fetch();
    if (current && now < current.usableUntil) {
      return this.waitFor(fetching, signal).then(
        (t) => t.token,
        (err: unknown) => {
          if (signal?.aborted) throw err;
          this.renewRetryAt = this.now() + RENEW_RETRY_MS;
          this.options.log?.('warn', 'management token renewal failed; using the current token until it expires, retrying in 15 s');
          return current.token;
        },
      );
    }
    return (await this.waitFor(fetching, signal)).token;
  }

  /**
   * Forgets `token` after the service rejected it (401), unless it was already replaced, so the
   * next `get` fetches a fresh one. Returns false for a static token (it cannot be renewed).
   */
  invalidate(token: string): boolean {
    if (this.options.staticToken) return false;
    if (this.cached?.token === token) this.cached = undefined;
    this.renewRetryAt = 0;
    return true;
  }

  private fetch(): Promise<CachedToken> {
    if (this.inflight) return this.inflight;
    const started = this.now();
    const fetching = this.options.fetchToken().then((fetched) => {
      const lifetimeMs = fetched.expiresIn * 1000;
      // 90 % of the lifetime or 60 s before expiry, whichever is first; at least half the lifetime.
      const renewAfterMs = Math.max(Math.min(lifetimeMs * 0.9, lifetimeMs - 60_000), lifetimeMs * 0.5);
      const token: CachedToken = {
        token: fetched.accessToken,
        renewAt: fetched.renewAtMs ?? started + renewAfterMs,
        usableUntil: started + lifetimeMs - Math.min(10_000, lifetimeMs * 0.05),
      };
      this.cached = token;
      this.renewRetryAt = 0;
      this.options.log?.('debug', `management token obtained, valid ${Math.round(fetched.expiresIn)} s, renewal in ${Math.round(renewAfterMs / 1000)} s`);
      return token;
    });
    this.inflight = fetching;
    const clear = (): void => {
      if (this.inflight === fetching) this.inflight = undefined;
    };
    fetching.then(clear, clear);
    return fetching;
  }

  /** Waits for the shared fetch, or stops waiting (only this caller) when `signal` aborts. */
  private waitFor<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(this.options.abortError());
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(this.options.abortError());
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(toError(err));
        },
      );
    });
  }
}
