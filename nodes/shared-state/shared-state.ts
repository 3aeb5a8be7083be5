/**
 * One tenant's connection to Redis, owned by its auth0-config node: everything the replicas of a
 * Node-RED share (token, rate-limit budget, watcher leases and checkpoints, import slots, duplicate
 * memory) goes through it. The Redis client (ioredis) is loaded only when a Redis URL is set, so
 * users without one never load it.
 *
 * Commands fail at once while Redis is unreachable (no offline queue): every user of the shared
 * state has a local fallback (action nodes) or stops and waits (watchers), and a queued command
 * replayed minutes later could act on a lease it no longer holds. Reconnection goes on in the
 * background; listeners hear when Redis comes and goes.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis, RedisOptions } from 'ioredis';
import type { RedisTarget } from './redis-url';

/** A Lua script run atomically in Redis: its name (unique), how many of its arguments are keys, its text. */
export interface LuaScript {
  name: string;
  keys: number;
  lua: string;
}

/** Redis cannot be reached (or answered with an error): the caller falls back or waits. */
export class SharedStateUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedStateUnavailable';
  }
}

export interface SharedStateOptions {
  target: RedisTarget;
  /** Every key starts with `<prefix>:`. */
  prefix: string;
  /** Warnings (once per outage) and debug lines; never given the password. */
  log?: (level: 'debug' | 'warn' | 'error', message: string) => void;
  /** Redis's own connect timeout, ms (default 5000). */
  connectTimeoutMs?: number;
  /** Watchers' lease time, ms (default 15 s): how long a dead holder's watchers stay silent at most. */
  leaseMs?: number;
}

type Availability = (available: boolean) => void;

/** Reconnect after 100 ms, 200 ms, … at most every second. */
function reconnectDelay(times: number): number {
  return Math.min(times * 100, 1000);
}

export class SharedState {
  readonly prefix: string;
  /** This process, as written into leases: host, pid and a random part (a restarted pid is another owner). */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly display: string;
  readonly leaseMs: number;
  private readonly client: Redis;
  private readonly defined = new Set<string>();
  private readonly listeners = new Set<Availability>();
  /** Leases not given back yet: close() waits for them, so a stopping watcher can still hand its lease over. */
  private readonly holders = new Set<object>();
  private holdersGone: (() => void) | undefined;
  private ready = false;
  /** Whether Redis was ever reached: until then (and until a failure) the first connection is still being made. */
  private everReady = false;
  private closed = false;
  /** The last failure reported, so an outage is reported once, not on every reconnect attempt. */
  private reportedDown = false;
  private readonly log: NonNullable<SharedStateOptions['log']>;

  constructor(options: SharedStateOptions) {
    this.prefix = options.prefix;
    this.display = options.target.display;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.log = options.log ?? (() => undefined);
    const t = options.target;
    const redisOptions: RedisOptions = {
      host: t.host,
      port: t.port,
      db: t.db,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      commandTimeout: 5000,
      retryStrategy: reconnectDelay,
      connectionName: 'node-red-auth0',
      // ioredis 6 speaks RESP3 by default; the scripts and replies here are RESP2's, which every
      // Redis a tenant may use (before 6 too) answers.
      protocol: 2,
    };
    if (t.username !== undefined) redisOptions.username = t.username;
    if (t.password !== undefined) redisOptions.password = t.password;
    if (t.tls) redisOptions.tls = { servername: t.host };
    // Loaded here, not at the top: without a Redis URL the module is never required.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RedisClient = (require('ioredis') as { default: new (options: RedisOptions) => Redis }).default;
    this.client = new RedisClient(redisOptions);
    this.client.on('ready', () => this.setReady(true));
    this.client.on('close', () => this.setReady(false));
    this.client.on('end', () => this.setReady(false));
    this.client.on('error', (err: Error) => this.reportError(err));
    this.client.connect().catch((err: Error) => this.reportError(err));
  }

  get available(): boolean {
    return this.ready && !this.closed;
  }

  /** The first connection is being made (just deployed): worth a short wait rather than acting alone. */
  get connecting(): boolean {
    return !this.everReady && !this.reportedDown && !this.closed;
  }

  /** `<prefix>:<part>:<part>…` */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /** Hears each change of availability; returns the unsubscribe function. */
  onAvailability(listener: Availability): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once Redis is ready, or false after `timeoutMs` (or on close). */
  whenAvailable(timeoutMs: number): Promise<boolean> {
    if (this.available) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(this.available);
      }, timeoutMs);
      const off = this.onAvailability((up) => {
        if (!up) return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
    });
  }

  /** Runs `script` atomically; a SharedStateUnavailable when Redis is not there. */
  async run<T = unknown>(script: LuaScript, keys: string[], args: (string | number)[]): Promise<T> {
    if (script.keys !== keys.length) throw new Error(`script ${script.name} takes ${script.keys} keys`);
    return this.call(() => {
      if (!this.defined.has(script.name)) {
        this.client.defineCommand(script.name, { numberOfKeys: script.keys, lua: script.lua });
        this.defined.add(script.name);
      }
      const command = (this.client as unknown as Record<string, (...a: (string | number)[]) => Promise<T>>)[script.name];
      return command.call(this.client, ...keys, ...args);
    });
  }

  /** A plain command, for the few things that need no script. */
  async command<T = unknown>(name: string, ...args: (string | number)[]): Promise<T> {
    return this.call(() => this.client.call(name, ...args) as Promise<T>);
  }

  /** A lease in use (see close). */
  hold(holder: object): void {
    this.holders.add(holder);
  }

  letGo(holder: object): void {
    this.holders.delete(holder);
    if (this.holders.size === 0) this.holdersGone?.();
  }

  /**
   * Closes the connection (the config node closes); later commands fail as unavailable. Node-RED
   * stops a flow's nodes all at once, so it first waits (a few seconds at most) for the watchers to
   * give their leases back: another replica then takes over at once instead of after the lease time.
   */
  async close(waitForHoldersMs = 5000): Promise<void> {
    if (this.closed) return;
    if (this.holders.size > 0 && this.ready) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitForHoldersMs);
        this.holdersGone = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.closed = true;
    this.listeners.clear();
    try {
      await Promise.race([this.client.quit(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    } catch {
      // Quitting a connection that is down fails; disconnect below ends it either way.
    }
    this.client.disconnect();
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw new SharedStateUnavailable(`the connection to Redis (${this.display}) is closed`);
    if (!this.ready) throw new SharedStateUnavailable(`Redis (${this.display}) is not reachable`);
    try {
      return await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new SharedStateUnavailable(`Redis (${this.display}): ${message}`);
    }
  }

  private setReady(ready: boolean): void {
    if (this.ready === ready || this.closed) return;
    this.ready = ready;
    if (ready) this.everReady = true;
    if (!ready && !this.reportedDown) {
      // The connection to a Redis that worked was lost: said once, until it is back.
      this.reportedDown = true;
      this.log(
        'warn',
        `auth0-config: Redis (the Redis URL (redisUrl) ${this.display}) is not reachable; nodes of this tenant work alone until it is back, watchers wait`,
      );
    }
    if (ready) {
      this.log(this.reportedDown ? 'warn' : 'debug', `shared state: connected to Redis ${this.display}`);
      this.reportedDown = false;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(ready);
      } catch {
        // One listener's failure must not stop the others.
      }
    }
  }

  private reportError(err: Error): void {
    if (this.closed || this.reportedDown) return;
    this.reportedDown = true;
    const reason = /WRONGPASS|NOAUTH|invalid password|invalid username/i.test(err.message) ? 'the user name or password was refused' : err.message;
    // ioredis messages name host and port only; the URL shown is masked. Never reached (a deploy
    // with a wrong URL or password) is an error; an outage of a Redis that worked is a warning.
    this.log(
      this.everReady ? 'warn' : 'error',
      `auth0-config: cannot use the Redis URL (redisUrl) ${this.display}: ${reason}; nodes of this tenant work alone until it is reachable`,
    );
  }
}
