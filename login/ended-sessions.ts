/**
 * Sessions ended by a logout, refused until they would have expired: the session cookie is sealed,
 * not kept on the server, so a copy of it would otherwise live on after the logout. Each ended
 * session id is kept in this process, in Node-RED's global context (in the store named by
 * `endedSessionsStore`, so a persistent store keeps them across restarts), and, when the tenant's
 * auth0-config node has a Redis URL, in Redis, where every replica sees it at once.
 */
import type { ContextStore } from '../nodes/shared/node-red-types';
import type { LoginRuntime } from './login-runtime';

/** Context key: session id → epoch seconds until which it is refused. */
export const ENDED_SESSIONS_KEY = 'auth0_login_ended_sessions';

type EndedMap = Record<string, number>;

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function readContext(context: ContextStore, store: string | undefined): Promise<EndedMap> {
  return new Promise((resolve) => {
    context.get(ENDED_SESSIONS_KEY, store, (err, value) => {
      resolve(!err && value && typeof value === 'object' ? { ...(value as EndedMap) } : {});
    });
  });
}

function writeContext(context: ContextStore, store: string | undefined, value: EndedMap): Promise<void> {
  return new Promise((resolve) => context.set(ENDED_SESSIONS_KEY, value, store, () => resolve()));
}

export class EndedSessions {
  private readonly local = new Map<string, number>();
  /** The context the local list was last copied into (a restart or the first deploy brings a new one). */
  private syncedWith: ContextStore | undefined;

  constructor(
    private readonly runtime: () => LoginRuntime | undefined,
    private readonly domain: string,
    private readonly store: string | undefined,
  ) {}

  /** Refuses the session `sid` until `until` (epoch seconds). */
  async end(sid: string, until: number): Promise<void> {
    this.local.set(sid, until);
    this.prune();
    const runtime = this.runtime();
    const shared = runtime?.sharedState(this.domain);
    const ttl = Math.max(1, until - now());
    await Promise.all([
      shared?.available ? shared.command('SET', shared.key('login', 'ended', sid), '1', 'EX', ttl).catch(() => undefined) : undefined,
      this.toContext(runtime?.globalContext()),
    ]);
  }

  async isEnded(sid: string): Promise<boolean> {
    const until = this.local.get(sid);
    if (until !== undefined && until > now()) return true;
    const runtime = this.runtime();
    const shared = runtime?.sharedState(this.domain);
    if (shared?.available) {
      try {
        if (Number(await shared.command('EXISTS', shared.key('login', 'ended', sid))) > 0) return true;
      } catch {
        // Redis went away: the context store and this process still answer.
      }
    }
    const context = runtime?.globalContext();
    if (!context) return false;
    if (this.syncedWith !== context) await this.toContext(context);
    const kept = (await readContext(context, this.store))[sid];
    return typeof kept === 'number' && kept > now();
  }

  /** Every session ended in this process, those of other processes kept, the expired ones dropped. */
  private async toContext(context: ContextStore | undefined): Promise<void> {
    if (!context) return;
    const t = now();
    const merged: EndedMap = {};
    for (const [sid, until] of Object.entries(await readContext(context, this.store))) if (typeof until === 'number' && until > t) merged[sid] = until;
    for (const [sid, until] of this.local) if (until > t) merged[sid] = Math.max(until, merged[sid] ?? 0);
    await writeContext(context, this.store, merged);
    this.syncedWith = context;
  }

  private prune(): void {
    const t = now();
    for (const [sid, until] of this.local) if (until <= t) this.local.delete(sid);
  }
}
