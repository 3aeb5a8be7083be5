/**
 * The receivers' duplicate memory shared by the replicas: a load balancer spreads Auth0's
 * deliveries (and its redeliveries) over every Node-RED process, so "seen recently" must be one
 * memory. Each id is a Redis key that expires after the window; a batch of ids is checked and
 * recorded in one atomic step. While Redis cannot be reached, the process's own memory decides
 * (it is always kept too), so deliveries go on and only a redelivery to another replica may pass.
 */
import type { RecentIds } from './recent-ids';
import { type LuaScript, type SharedState, SharedStateUnavailable } from '../shared-state/shared-state';

/** For each id (ARGV[2..]): 1 when it was not seen within the window (it is recorded now), else 0. */
const ADD_ALL: LuaScript = {
  name: 'auth0SeenAddAll',
  keys: 1,
  lua: `
local fresh = {}
for i = 2, #ARGV do
  if redis.call('SET', KEYS[1] .. ARGV[i], '1', 'NX', 'PX', ARGV[1]) then fresh[#fresh + 1] = 1 else fresh[#fresh + 1] = 0 end
end
return fresh`,
};

/** How long a delivery waits for the first connection to Redis after a deploy. */
const FIRST_CONNECTION_WAIT_MS = 2000;

export class SharedRecentIds {
  private readonly keyStart: string;

  /** `name` tells the memories apart (a receiver node's id). */
  constructor(
    private readonly shared: SharedState,
    name: string,
    private readonly local: RecentIds,
  ) {
    this.keyStart = shared.key('seen', name, '');
  }

  /** For each id, whether it is new (process it) or was seen within the window by any replica. */
  async addAll(ids: string[]): Promise<boolean[]> {
    const locally = ids.map((id) => this.local.add(id));
    if (ids.length === 0) return locally;
    // Just deployed, Redis still being reached: a delivery in that moment waits for it rather than decide alone.
    if (!this.shared.available && this.shared.connecting) await this.shared.whenAvailable(FIRST_CONNECTION_WAIT_MS);
    if (!this.shared.available) return locally;
    try {
      const fresh = await this.shared.run<number[]>(ADD_ALL, [this.keyStart], [Math.max(1, Math.round(this.local.maxAgeMs)), ...ids]);
      return fresh.map((n) => Number(n) === 1);
    } catch (err) {
      if (!(err instanceof SharedStateUnavailable)) throw err;
      return locally;
    }
  }
}
