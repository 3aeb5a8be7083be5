/**
 * Which tenant clients share state through Redis: the client registers itself when it is made
 * with a shared state, so the pieces that keep per-client state (the import slots) can find it
 * without every TenantClient having to expose it.
 */
import type { TenantClient } from '../shared/http-types';
import type { SharedState } from './shared-state';

const sharedByClient = new WeakMap<TenantClient, SharedState>();

export function registerSharedState(client: TenantClient, shared: SharedState): void {
  sharedByClient.set(client, shared);
}

export function sharedStateOf(client: TenantClient): SharedState | undefined {
  return sharedByClient.get(client);
}
