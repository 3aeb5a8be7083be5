/**
 * Another Node-RED replica, played by a test with its own Redis connection: it takes a watcher's
 * lease with the next fencing token (as after the holder froze past the lease time), writes the
 * watcher's state under it, and lets the lease go.
 */
import { FencedStore } from '../../nodes/shared-state/fenced-store';
import type { WatcherLease } from '../../nodes/shared-state/lease';
import { parseRedisUrl } from '../../nodes/shared-state/redis-url';
import { SharedState } from '../../nodes/shared-state/shared-state';
import { sleep, waitUntil } from './wait';

export class OtherReplica {
  private constructor(
    readonly shared: SharedState,
    private readonly watcherId: string,
  ) {}

  /** Connected to `redisUrl` with the tenant's key prefix; the lease time is 1 s, as the tests' tenants have. */
  static async connect(redisUrl: string, prefix: string, watcherId = 'watch'): Promise<OtherReplica> {
    const target = parseRedisUrl(redisUrl);
    if (!target) throw new Error(`not a Redis URL: ${redisUrl}`);
    const shared = new SharedState({ target, prefix, leaseMs: 1000 });
    if (!(await shared.whenAvailable(5000))) throw new Error('Redis did not answer');
    return new OtherReplica(shared, watcherId);
  }

  get leaseKey(): string {
    return this.shared.key('lease', this.watcherId);
  }

  /** Takes the lease with the next fencing token, whoever holds it. */
  async takeLease(): Promise<WatcherLease> {
    const fence = await this.shared.command<number>('INCR', this.shared.key('fence', this.watcherId));
    const value = `elsewhere:1:x|${fence}`;
    await this.shared.command('SET', this.leaseKey, value, 'PX', 60000);
    return { key: this.leaseKey, value, fence } as unknown as WatcherLease;
  }

  /** Writes the watcher's state `name` under `lease`. */
  save(lease: WatcherLease, name: string, value: unknown): Promise<void> {
    return new FencedStore(this.shared, lease, this.watcherId, name).save(value);
  }

  /** The lease is gone (its holder stopped, or it ran out). */
  async dropLease(): Promise<void> {
    await this.shared.command('DEL', this.leaseKey);
  }

  /**
   * Between two renewals of the node holding the lease: the lease runs out, this replica takes it,
   * does `work` and stops; the node's next renewal takes it again with a new fencing token.
   * Resolves once the node has read that renewal's answer.
   */
  async takeBetweenRenewals(work: (lease: WatcherLease) => Promise<void>): Promise<void> {
    // Right after a renewal (the lease's time just set again), so the next one, a third of the
    // lease time later, finds all of this done.
    await waitUntil(async () => Number(await this.shared.command<number>('PTTL', this.leaseKey)) > 900, { what: 'no renewal seen', interval: 5 });
    await this.dropLease();
    await work(await this.takeLease());
    await this.dropLease();
    await waitUntil(
      async () => {
        const holder = await this.shared.command<string | null>('GET', this.leaseKey);
        return holder !== null && !holder.startsWith('elsewhere:');
      },
      { what: 'the lease was not taken again' },
    );
    // The node reads the answer to its renewal a moment after this connection sees the new holder
    // (a lease is never taken from a holder that still counts on it: only once it has run out).
    await sleep(200);
  }

  close(): Promise<void> {
    return this.shared.close(0);
  }
}
