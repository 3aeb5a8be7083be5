/**
 * What the login takes from the Node-RED it runs in, through the package's plugin: Node-RED's global
 * context (the context store the ended sessions are kept in) and the shared state (Redis) of the
 * tenant's auth0-config node, when one for the login's domain is deployed with a Redis URL. Both are
 * looked up again after every deploy; before the first one, and outside Node-RED, there are none.
 */
import type { ContextStore } from '../nodes/shared/node-red-types';
import type { SharedState } from '../nodes/shared-state/shared-state';

export interface LoginRuntime {
  /** Node-RED's global context (through any deployed node), or undefined while no flow runs. */
  globalContext(): ContextStore | undefined;
  /** The shared state of a deployed auth0-config node whose domain (or custom domain) is `domain`. */
  sharedState(domain: string): SharedState | undefined;
}

/** The few parts of the runtime API a plugin gets that this needs. */
export interface RuntimeAPI {
  nodes: {
    eachNode(callback: (config: { id: string; type: string }) => void): void;
    getNode(id: string): unknown;
  };
  events: { on(event: string, listener: () => void): void };
}

interface ContextHolder {
  context(): { global: ContextStore };
}

interface TenantNode {
  domain?: unknown;
  customDomain?: unknown;
  getSharedState?(): SharedState | undefined;
}

function hostOf(domain: unknown): string {
  return typeof domain === 'string'
    ? domain
        .trim()
        .replace(/^https?:\/\//i, '')
        .replace(/\/+$/, '')
        .toLowerCase()
    : '';
}

export function loginRuntimeOf(RED: RuntimeAPI): LoginRuntime {
  let cached: { context?: ContextStore; tenants: TenantNode[] } | undefined;
  const forget = (): void => {
    cached = undefined;
  };
  RED.events.on('flows:started', forget);
  RED.events.on('flows:stopped', forget);
  const lookUp = (): { context?: ContextStore; tenants: TenantNode[] } => {
    if (cached) return cached;
    const found: { context?: ContextStore; tenants: TenantNode[] } = { tenants: [] };
    RED.nodes.eachNode((config) => {
      const node = RED.nodes.getNode(config.id) as (Partial<ContextHolder> & TenantNode) | null;
      if (!node) return;
      if (!found.context && typeof node.context === 'function') found.context = node.context().global;
      if (config.type === 'auth0-config' && typeof node.getSharedState === 'function') found.tenants.push(node);
    });
    cached = found;
    return found;
  };
  return {
    globalContext: () => lookUp().context,
    sharedState: (domain) => {
      const wanted = hostOf(domain);
      for (const tenant of lookUp().tenants) {
        if (hostOf(tenant.domain) !== wanted && hostOf(tenant.customDomain) !== wanted) continue;
        try {
          const state = tenant.getSharedState?.();
          if (state) return state;
        } catch {
          // An unusable Redis URL: the config node reports it; the login keeps to the context store.
        }
      }
      return undefined;
    },
  };
}
