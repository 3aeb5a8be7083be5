/**
 * auth0-config: one Auth0 tenant. It owns what every node of that tenant shares (the client:
 * token cache, limiter, timeouts) and fans the client's rate-limit status out to the nodes
 * registered with it, as Node-RED's mqtt-broker does for its connection.
 */
import { createTenantClient } from './client';
import { type Auth0ConfigNode, clientOptionsFrom, normaliseDomain } from './config-node';
import { openSharedState } from '../shared-state/open';
import type { ClientStatus, TenantClient } from '../shared/http-types';
import type { Node, NodeDefinition, NodeRedAPI } from '../shared/node-red-types';

function statusFor(status: ClientStatus): { fill: 'yellow'; shape: 'ring'; text: string } | undefined {
  return status.state === 'rate-limited' ? { fill: 'yellow', shape: 'ring', text: status.text } : undefined;
}

export = function (RED: NodeRedAPI): void {
  function Auth0Config(this: Auth0ConfigNode, config: NodeDefinition): void {
    RED.nodes.createNode(this, config);
    const node = this as Auth0ConfigNode & { domain: string; customDomain?: string };
    const users = new Map<string, Node>();
    let client: TenantClient | undefined;
    let unsubscribe: (() => void) | undefined;
    let rateLimited = false;

    node.domain = String(config.domain ?? '');
    if (typeof config.customDomain === 'string' && config.customDomain.trim() !== '') node.customDomain = config.customDomain.trim();

    // Shared state (Redis) for replicas: opened at deploy, so a bad Redis URL is reported at once.
    const sharing = openSharedState(node.credentials?.redisUrl, config.keyPrefix, config.leaseSeconds, normaliseDomain(config.domain), (level, message) =>
      level === 'error' ? node.error(message) : level === 'warn' ? node.warn(message) : node.debug(message),
    );
    if (sharing.error) node.error(sharing.error.message);
    node.getSharedState = () => {
      if (sharing.error) throw sharing.error;
      return sharing.state;
    };

    node.getClient = (): TenantClient => {
      if (client) return client;
      const options = clientOptionsFrom(config, node.credentials ?? {}, typeof RED.version === 'function' ? RED.version() : undefined);
      options.log = (level, message) => (level === 'warn' ? node.warn(message) : node.debug(message));
      if (sharing.state) options.shared = sharing.state;
      if (sharing.error) options.sharedStateError = sharing.error;
      client = createTenantClient(options);
      unsubscribe = client.onStatus((status) => {
        const shown = statusFor(status);
        if (shown) {
          rateLimited = true;
          for (const user of users.values()) user.status(shown);
        } else if (rateLimited) {
          rateLimited = false;
          for (const user of users.values()) user.status({});
        }
      });
      return client;
    };

    // Redis away: the tenant's nodes say that they pace alone (the shared state warns once per outage).
    const offAvailability = sharing.state?.onAvailability((up) => {
      for (const user of users.values()) user.status(up ? {} : { fill: 'yellow', shape: 'ring', text: 'Redis unavailable: pacing alone' });
    });

    node.register = (user: Node): void => {
      users.set(user.id, user);
    };

    node.deregister = (user: Node, done?: () => void): void => {
      users.delete(user.id);
      if (done) done();
    };

    node.on('close', (_removed: boolean, done: () => void) => {
      unsubscribe?.();
      offAvailability?.();
      client?.close();
      client = undefined;
      users.clear();
      if (sharing.state) sharing.state.close().then(done, done);
      else done();
    });
  }

  RED.nodes.registerType('auth0-config', Auth0Config, {
    credentials: {
      token: { type: 'password' },
      clientId: { type: 'text' },
      clientSecret: { type: 'password' },
      redisUrl: { type: 'password' },
    },
  });
};
