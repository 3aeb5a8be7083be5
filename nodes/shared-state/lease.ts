/**
 * A lease in Redis that makes one process, of all those sharing the tenant, the one that runs a
 * watcher node (by node id). The holder renews it while it runs; when the holder stops, it gives
 * it back; when it dies, the lease runs out and another process takes it within the lease time.
 *
 * Each time a lease changes hands it gets a larger fencing token (a counter in Redis that never
 * goes back). Writes of the watcher's state carry it (fenced-store.ts), so a former holder that
 * was paused (a long GC, a frozen VM) and still thinks it holds the lease cannot overwrite what
 * the new holder wrote. Locally, the holder stops counting on the lease a little before it could
 * run out, so it stops sending before anyone else can start.
 */
import { type LuaScript, type SharedState, SharedStateUnavailable } from './shared-state';

export type LeaseRole = 'holder' | 'standby' | 'unavailable';

/** Take the lease if free (with the next fencing token), renew it if ours; else say who has it. */
const CLAIM: LuaScript = {
  name: 'auth0ClaimLease',
  keys: 2,
  lua: `
local current = redis.call('GET', KEYS[1])
if current then
  local owner, fence = string.match(current, '^(.*)|(%d+)$')
  if owner == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(fence)
  end
  return 0
end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. fence, 'PX', ARGV[2])
return fence`,
};

const GIVE_BACK: LuaScript = {
  name: 'auth0GiveBackLease',
  keys: 1,
  lua: "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
};

/** Part of the lease time the holder counts on: it stops sending this long before the lease could expire. */
const SAFE_SHARE = 0.8;

export interface WatcherLeaseOptions {
  /** Lease time, ms: how long a dead holder blocks the others at most. */
  leaseMs: number;
  /** Told when the role changes (for the node's status). */
  onRoleChange?: (role: LeaseRole) => void;
  now?: () => number;
}

export class WatcherLease {
  readonly key: string;
  private readonly fenceKey: string;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private currentRole: LeaseRole = 'standby';
  private currentFence: number | undefined;
  /** Until when, on our clock, the lease is surely ours. */
  private safeUntil = 0;
  private renewTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly shared: SharedState,
    watcherId: string,
    private readonly options: WatcherLeaseOptions,
  ) {
    this.key = shared.key('lease', watcherId);
    this.fenceKey = shared.key('fence', watcherId);
    this.leaseMs = Math.max(200, Math.round(options.leaseMs));
    this.now = options.now ?? Date.now;
    shared.hold(this);
  }

  get role(): LeaseRole {
    return this.currentRole;
  }

  /** The fencing token of the lease held, undefined when not the holder. */
  get fence(): number | undefined {
    return this.holding ? this.currentFence : undefined;
  }

  /** The value written in Redis while this process holds the lease. */
  get value(): string | undefined {
    return this.currentFence === undefined ? undefined : `${this.shared.owner}|${this.currentFence}`;
  }

  /** Whether this process may act as the holder now (checked before every send). */
  get holding(): boolean {
    return !this.closed && this.currentRole === 'holder' && this.now() < this.safeUntil;
  }

  /** How often a process that does not hold the lease tries again: a fraction of the lease time. */
  get retryMs(): number {
    return Math.max(100, Math.round(this.leaseMs / 4));
  }

  /** Takes or renews the lease; the role that results. Renewal then goes on in the background. */
  async claim(): Promise<LeaseRole> {
    if (this.closed) return 'standby';
    const started = this.now();
    let fence: number;
    try {
      fence = Number(await this.shared.run<number>(CLAIM, [this.key, this.fenceKey], [this.shared.owner, this.leaseMs]));
    } catch (err) {
      if (!(err instanceof SharedStateUnavailable)) throw err;
      // Nobody can take the lease while Redis is away: the holder goes on until it could have run out.
      const still = this.holding;
      this.setRole(still ? 'holder' : 'unavailable');
      if (still) this.scheduleRenewal();
      return this.currentRole;
    }
    if (fence > 0) {
      this.currentFence = fence;
      this.safeUntil = started + this.leaseMs * SAFE_SHARE;
      this.setRole('holder');
      this.scheduleRenewal();
    } else {
      this.currentFence = undefined;
      this.safeUntil = 0;
      this.setRole('standby');
    }
    return this.currentRole;
  }

  /** Gives the lease back (the node stops), so another process takes over at once. */
  async release(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    const value = this.value;
    if (this.currentRole === 'holder' && value) await this.shared.run(GIVE_BACK, [this.key], [value]).catch(() => undefined);
    this.currentFence = undefined;
    this.shared.letGo(this);
  }

  /** Stops renewing without giving the lease back (it runs out): for tests of a holder that hangs. */
  abandon(): void {
    this.closed = true;
    this.clearTimer();
    this.shared.letGo(this);
  }

  private scheduleRenewal(): void {
    this.clearTimer();
    if (this.closed) return;
    this.renewTimer = setTimeout(
      () => {
        this.renewTimer = undefined;
        if (this.currentRole !== 'holder') return;
        this.claim().catch(() => undefined);
      },
      Math.max(50, Math.round(this.leaseMs / 3)),
    );
    this.renewTimer.unref?.();
  }

  private clearTimer(): void {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = undefined;
  }

  private setRole(role: LeaseRole): void {
    if (role === this.currentRole) return;
    this.currentRole = role;
    if (role !== 'holder') this.clearTimer();
    try {
      this.options.onRoleChange?.(role);
    } catch {
      // A status listener's failure must not break the lease.
    }
  }
}
