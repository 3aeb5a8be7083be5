/**
 * How a watcher node (one that polls on its own: log watch, job watch, log-stream watch, events)
 * runs once across the Node-RED processes sharing a tenant through Redis. A watcher adopts it in
 * a few lines:
 *
 *   const sharing = watcherSharing(tenant, node);          // undefined without a Redis URL
 *   // at the start of each poll:
 *   const role = await sharing.claim();
 *   if (role !== 'holder') { use.status(sharedStatus(role, use.text)); return { delayMs: sharing.retryMs }; }
 *   if (sharing.takenOver()) reloadStateFromStore();       // the lease changed hands since we last held it
 *   // before each send: if (!sharing.holding) stop;  state writes: sharing.store('checkpoint').save(value)
 *   // on close: await sharing.release();
 *   // errors: isSharingPause(err) → show sharedStatus(role, text), poll again after sharing.retryMs, no node.error
 */
import type { Auth0ConfigNode } from '../config/config-node';
import type { Node, NodeStatus } from '../shared/node-red-types';
import type { StatusText } from '../shared/status-text';
import { FencedStore, LeaseLost } from '../shared-state/fenced-store';
import { type LeaseRole, WatcherLease } from '../shared-state/lease';
import { type SharedState, SharedStateUnavailable } from '../shared-state/shared-state';

/** What a watcher shows while another replica holds its lease, or while Redis is away (texts from the status catalogue). */
export function sharedStatus(role: Exclude<LeaseRole, 'holder'>, text: StatusText, extra?: Record<string, string | number>): NodeStatus {
  return role === 'standby'
    ? { fill: 'grey', shape: 'ring', text: extra ? text('standbyHandedOver', extra) : text('standby') }
    : { fill: 'yellow', shape: 'ring', text: text('pausedRedis') };
}

export interface WatcherSharing {
  readonly shared: SharedState;
  readonly lease: WatcherLease;
  /** Whether this process holds the lease now (check before each send). */
  readonly holding: boolean;
  /** How long a process without the lease waits before trying again, ms. */
  readonly retryMs: number;
  claim(): Promise<LeaseRole>;
  /** True once after the lease was (re)taken with a new fencing token: the stored state may have moved on. */
  takenOver(): boolean;
  /** The watcher's state `name`, written with the lease's fencing token. */
  store<T>(name: string): FencedStore<T>;
  release(): Promise<void>;
}

/** The failures that mean "not ours to run right now" rather than a fault of the watcher. */
export function isSharingPause(err: unknown): err is LeaseLost | SharedStateUnavailable {
  return err instanceof LeaseLost || err instanceof SharedStateUnavailable;
}

/** The role a pause error stands for, for the status. */
export function pauseRole(err: LeaseLost | SharedStateUnavailable): Exclude<LeaseRole, 'holder'> {
  return err instanceof LeaseLost ? 'standby' : 'unavailable';
}

/**
 * The sharing of `node` through its tenant's Redis; undefined when the tenant has none. Throws the
 * tenant's ConfigError when its Redis URL is unusable (the watcher must not run alone then).
 */
export function watcherSharing(tenant: Auth0ConfigNode, node: Node, onRoleChange?: (role: LeaseRole) => void): WatcherSharing | undefined {
  const shared = tenant.getSharedState?.();
  if (!shared) return undefined;
  const lease = new WatcherLease(shared, node.id, { leaseMs: shared.leaseMs, ...(onRoleChange ? { onRoleChange } : {}) });
  let lastFence: number | undefined;
  const stores = new Map<string, FencedStore<unknown>>();
  return {
    shared,
    lease,
    get holding() {
      return lease.holding;
    },
    get retryMs() {
      return lease.retryMs;
    },
    claim: () => lease.claim(),
    takenOver: () => {
      const fence = lease.fence;
      if (fence === undefined || fence === lastFence) return false;
      lastFence = fence;
      return true;
    },
    store<T>(name: string): FencedStore<T> {
      let store = stores.get(name);
      if (!store) {
        store = new FencedStore<unknown>(shared, lease, node.id, name);
        stores.set(name, store);
      }
      return store as FencedStore<T>;
    },
    release: () => lease.release(),
  };
}
