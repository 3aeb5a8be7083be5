/**
 * A watcher's state (its checkpoint, its watched jobs) in Redis, written only by the lease holder:
 * each write carries the lease's value and fencing token, and Redis takes it only if that lease is
 * still the current one and no write with a newer token came before. A former holder that lost
 * the lease without knowing it gets LeaseLost and must stop.
 *
 * A write must also be made under the lease the state was read under: a holder whose lease ran
 * out and whose renewal took it again with a new token holds state that may be behind what another
 * holder wrote in between, so its writes get LeaseLost until it reads the state again.
 */
import type { WatcherLease } from './lease';
import { type LuaScript, type SharedState, SharedStateUnavailable } from './shared-state';

export class LeaseLost extends Error {
  constructor(what: string) {
    super(`${what}: another Node-RED process holds this watcher's lease now; this one stops`);
    this.name = 'LeaseLost';
  }
}

const FENCED_SET: LuaScript = {
  name: 'auth0FencedSet',
  keys: 2,
  lua: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local written = redis.call('HGET', KEYS[2], 'fence')
if written and tonumber(written) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[2], 'data')
  redis.call('HSET', KEYS[2], 'fence', ARGV[2])
else
  redis.call('HSET', KEYS[2], 'fence', ARGV[2], 'data', ARGV[3])
end
return 1`,
};

export class FencedStore<T> {
  readonly key: string;
  /** Whether the state was read, and the fencing token it was read under (undefined: not holding then). */
  private read = false;
  private readFence: number | undefined;

  /** `name` tells apart the states of one watcher (`checkpoint`, `jobs`). */
  constructor(
    private readonly shared: SharedState,
    private readonly lease: WatcherLease,
    watcherId: string,
    name: string,
  ) {
    this.key = shared.key('state', watcherId, name);
  }

  /** The stored value, undefined when none; SharedStateUnavailable when Redis cannot say. */
  async load(): Promise<T | undefined> {
    const fence = this.lease.fence;
    const text = await this.shared.command<string | null>('HGET', this.key, 'data');
    this.read = true;
    this.readFence = fence;
    if (text === null || text === undefined) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  }

  /** Writes `value` (undefined: removes it) under the current lease; LeaseLost when it is no longer ours, or not the one the state was read under. */
  async save(value: T | undefined): Promise<void> {
    const leaseValue = this.lease.value;
    const fence = this.lease.fence;
    if (leaseValue === undefined || fence === undefined) throw new LeaseLost(this.key);
    if (this.read && fence !== this.readFence) throw new LeaseLost(this.key);
    const written = await this.shared.run<number>(
      FENCED_SET,
      [this.lease.key, this.key],
      [leaseValue, fence, value === undefined ? '' : JSON.stringify(value)],
    );
    if (Number(written) !== 1) throw new LeaseLost(this.key);
  }

  /** Removes the state whoever holds the lease (the node was deleted from the flows). */
  async remove(): Promise<void> {
    await this.shared.command('DEL', this.key).catch((err: unknown) => {
      if (!(err instanceof SharedStateUnavailable)) throw err;
    });
  }
}
