/**
 * auth0-config: one Auth0 tenant. It owns what every node of that tenant shares (the client:
 * token cache, limiter, timeouts) and fans the client's rate-limit status out to the nodes
 * registered with it, as Node-RED's mqtt-broker does for its connection.
 */
import { createTenantClient } from '../tenant-client/client';
import { type Auth0ConfigNode, type TenantUser, clientOptionsFrom } from './config-node';
import { TenantClosedError } from '../shared/errors';
import { type StatusText, statusTexts } from '../shared/status-text';
import { type AdminRED, registerConnectionCheck } from './connection-check-route';
import type { ClientStatus, TenantClient } from '../shared/http-types';
import type { Node, NodeDefinition, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { migrateNodeConfig } from '../shared/migrations';

/** The status the tenant's users show while its requests are paused. */
function statusFor(status: ClientStatus, text: StatusText): NodeStatus | undefined {
  if (status.state !== 'rate-limited') return undefined;
  const seconds = Math.max(1, Math.ceil(((status.resumeAt ?? Date.now()) - Date.now()) / 1000));
  return { fill: 'yellow', shape: 'ring', text: text('rateLimited', { seconds }) };
}

export = function (RED: NodeRedAPI): void {
  function Auth0Config(this: Auth0ConfigNode, saved: NodeDefinition): void {
    RED.nodes.createNode(this, saved);
    const config = migrateNodeConfig(saved);
    const node = this as Auth0ConfigNode & { domain: string; customDomain?: string };
    /** Registered nodes; those with a TenantUser are told about the tenant's rate limit. */
    const users = new Map<string, TenantUser | undefined>();
    let client: TenantClient | undefined;
    let unsubscribe: (() => void) | undefined;
    /** The "rate limited" status while the tenant's requests are paused. */
    let rateLimited: NodeStatus | undefined;
    let closed = false;
    const text = statusTexts(RED);

    node.domain = String(config.domain ?? '');
    if (typeof config.customDomain === 'string' && config.customDomain.trim() !== '') node.customDomain = config.customDomain.trim();

    node.getClient = (): TenantClient => {
      if (client) return client;
      if (closed) {
        throw new TenantClosedError(`auth0-config: the tenant ${node.domain || node.id} has been stopped (redeployed or removed); its client is no longer available`);
      }
      const options = clientOptionsFrom(config, node.credentials ?? {}, typeof RED.version === 'function' ? RED.version() : undefined);
      options.log = (level, message) => (level === 'warn' ? node.warn(message) : node.debug(message));
      client = createTenantClient(options);
      unsubscribe = client.onStatus((status) => {
        const shown = statusFor(status, text);
        if (shown) {
          rateLimited = shown;
          for (const user of users.values()) user?.rateLimited(shown);
        } else if (rateLimited) {
          rateLimited = undefined;
          // Each node puts back what it showed itself: progress, a failure, "requesting".
          for (const user of users.values()) user?.rateLimitOver();
        }
      });
      return client;
    };

    node.register = (user: Node, tenantUser?: TenantUser): void => {
      users.set(user.id, tenantUser);
      if (rateLimited) tenantUser?.rateLimited(rateLimited);
    };

    node.deregister = (user: Node, done?: () => void): void => {
      users.delete(user.id);
      if (done) done();
    };

    node.on('close', (_removed: boolean, done: () => void) => {
      closed = true;
      unsubscribe?.();
      client?.close();
      client = undefined;
      rateLimited = undefined;
      users.clear();
      done();
    });
  }

  RED.nodes.registerType('auth0-config', Auth0Config, {
    credentials: {
      token: { type: 'password' },
      clientId: { type: 'text' },
      clientSecret: { type: 'password' },
      privateKey: { type: 'password' },
    },
  });
  registerConnectionCheck(RED as AdminRED);
};
