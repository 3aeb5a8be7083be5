/**
 * One management token per tenant across every process sharing the Redis: the first process
 * that needs one takes a short lock and fetches it; the others read it from Redis (they wait a
 * moment while the fetch is in progress). Renewal works the same way at the renewal time the
 * fetching process wrote, so the token is renewed once, not once per replica.
 *
 * When Redis is not reachable, each process fetches its own token, as without Redis.
 */
import { createHash } from 'node:crypto';
import { type LuaScript, type SharedState, SharedStateUnavailable } from './shared-state';
import { TokenCipher } from './token-cipher';
import { toError } from '../shared/errors';

export interface SharedFetchedToken {
  accessToken: string;
  /** Seconds left. */
  expiresIn: number;
  /** When to renew, epoch ms (the time the fetching process chose, the same for everyone). */
  renewAtMs?: number;
}

interface Entry {
  token: string;
  renewAt: number;
  expiresAt: number;
}

/** Longest hold of the fetch lock: a process that dies fetching blocks the others no longer. */
const LOCK_MS = 15_000;
/** How often a waiting process looks for the token another one is fetching. */
const WAIT_STEP_MS = 100;
/** Longest wait for the first connection to Redis before fetching alone. */
const CONNECT_WAIT_MS = 3_000;
/** Longest wait for another process's fetch before fetching alone. */
const WAIT_LIMIT_MS = 20_000;

const RELEASE_LOCK: LuaScript = {
  name: 'auth0ReleaseTokenLock',
  keys: 1,
  lua: "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
};

/** Deletes the stored token only if it is still the rejected one (a fresher one stays). */
const DROP_IF_SAME: LuaScript = {
  name: 'auth0DropRejectedToken',
  keys: 1,
  lua: "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
};

function renewalTime(startedMs: number, lifetimeMs: number): number {
  // As the local provider: 90 % of the lifetime or 60 s before expiry, whichever is first; at least half.
  return startedMs + Math.max(Math.min(lifetimeMs * 0.9, lifetimeMs - 60_000), lifetimeMs * 0.5);
}

export interface SharedTokenOptions {
  shared: SharedState;
  /** The grant's identity: tokens of another client or audience are kept apart. */
  clientId: string;
  audience: string;
  /** The key the stored token is encrypted with is derived from this (the client secret). */
  secret: string;
  log?: (level: 'debug' | 'warn', message: string) => void;
  now?: () => number;
}

export class SharedTokenStore {
  private readonly shared: SharedState;
  private readonly key: string;
  private readonly lockKey: string;
  private readonly cipher: TokenCipher;
  private readonly now: () => number;
  private readonly log: NonNullable<SharedTokenOptions['log']>;
  /** Tokens the service refused (401): never taken from Redis again. */
  private readonly rejectedTokens = new Set<string>();
  /** The sealed text last read or written, to drop exactly it after a 401. */
  private lastSealed: { token: string; sealed: string } | undefined;

  constructor(options: SharedTokenOptions) {
    this.shared = options.shared;
    const id = createHash('sha256').update(`${options.clientId}\n${options.audience}`).digest('hex').slice(0, 16);
    this.key = options.shared.key('token', id);
    this.lockKey = options.shared.key('token', id, 'lock');
    this.cipher = new TokenCipher(options.secret, options.shared.key('token', id));
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
  }

  /** The tenant's token: from Redis, or fetched (once for everyone) with `fetchOwn`. */
  async fetch(fetchOwn: () => Promise<{ accessToken: string; expiresIn: number }>): Promise<SharedFetchedToken> {
    // Just deployed: the connection is a moment away; fetching alone now would make one fetch per replica.
    if (!this.shared.available && this.shared.connecting) await this.shared.whenAvailable(CONNECT_WAIT_MS);
    if (!this.shared.available) return fetchOwn();
    const giveUpAt = this.now() + WAIT_LIMIT_MS;
    try {
      for (;;) {
        const entry = await this.read();
        const now = this.now();
        if (entry && now < entry.renewAt) return this.fromEntry(entry, now);
        const locked = await this.shared.command<string | null>('SET', this.lockKey, this.shared.owner, 'NX', 'PX', LOCK_MS);
        if (locked === 'OK') return await this.fetchAndStore(fetchOwn);
        if (now >= giveUpAt) {
          this.log('debug', 'shared token: another process has held the fetch for too long; fetching alone');
          return await fetchOwn();
        }
        // Another process is fetching; the current token (if any) serves the callers meanwhile.
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      }
    } catch (err) {
      if (!(err instanceof SharedStateUnavailable)) throw err;
      this.log('debug', `shared token: ${err.message}; fetching alone`);
      return fetchOwn();
    }
  }

  /** The service refused `token` (401): it is not taken from Redis again, and removed there. */
  rejected(token: string): void {
    this.rejectedTokens.add(token);
    const last = this.lastSealed;
    if (last?.token === token) {
      this.shared.run(DROP_IF_SAME, [this.key], [last.sealed]).catch(() => undefined);
    }
  }

  private fromEntry(entry: Entry, now: number): SharedFetchedToken {
    return { accessToken: entry.token, expiresIn: Math.max(1, (entry.expiresAt - now) / 1000), renewAtMs: entry.renewAt };
  }

  private async read(): Promise<Entry | undefined> {
    const sealed = await this.shared.command<string | null>('GET', this.key);
    if (!sealed) return undefined;
    const plain = this.cipher.decrypt(sealed);
    if (plain === undefined) return undefined;
    try {
      const entry = JSON.parse(plain) as Entry;
      if (typeof entry.token !== 'string' || this.rejectedTokens.has(entry.token)) return undefined;
      this.lastSealed = { token: entry.token, sealed };
      return entry;
    } catch {
      return undefined;
    }
  }

  private async fetchAndStore(fetchOwn: () => Promise<{ accessToken: string; expiresIn: number }>): Promise<SharedFetchedToken> {
    try {
      const started = this.now();
      const fetched = await fetchOwn();
      const lifetimeMs = fetched.expiresIn * 1000;
      const entry: Entry = { token: fetched.accessToken, renewAt: renewalTime(started, lifetimeMs), expiresAt: started + lifetimeMs };
      const sealed = this.cipher.encrypt(JSON.stringify(entry));
      const ttl = Math.max(1000, Math.floor(entry.expiresAt - this.now()));
      try {
        await this.shared.command('SET', this.key, sealed, 'PX', ttl);
        this.lastSealed = { token: entry.token, sealed };
        this.log('debug', 'shared token: fetched and shared with the other processes of the tenant');
      } catch (err) {
        this.log('debug', `shared token: could not be stored (${toError(err).message}); used by this process only`);
      }
      return { accessToken: entry.token, expiresIn: fetched.expiresIn, renewAtMs: entry.renewAt };
    } finally {
      await this.shared.run(RELEASE_LOCK, [this.lockKey], [this.shared.owner]).catch(() => undefined);
    }
  }
}
