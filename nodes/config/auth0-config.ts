/**
 * auth0-config: one Auth0 tenant. It owns what every node of that tenant shares (the client:
 * token cache, limiter, timeouts) and fans the client's rate-limit status out to the nodes
 * registered with it, as Node-RED's mqtt-broker does for its connection.
 */
import { createTenantClient } from '../tenant-client/client';
import { type Auth0ConfigNode, type TenantUser, clientOptionsFrom, normaliseDomain } from './config-node';
import { TenantClosedError } from '../shared/errors';
import { type StatusText, statusTexts } from '../shared/status-text';
import { type AdminRED, registerConnectionCheck } from './connection-check-route';
import { openSharedState } from '../shared-state/open';
import type { ClientStatus, TenantClient } from '../shared/http-types';
import type { Node, NodeDefinition, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { migrateNodeConfig } from '../shared/migrations';
import { toText } from '../shared/to-text';
import { plainHttpRefusal, plainHttpWarning } from '../tenant-client/plain-http';
import { fingerprinter } from './fingerprint-key';

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
    /** "Redis unavailable" while the shared state is away (replicas pace alone meanwhile). */
    let redisDown: NodeStatus | undefined;
    /** A setting that fails every request (plain http to Auth0's own domain): shown on every user until redeployed. */
    let refused: NodeStatus | undefined;
    let closed = false;
    const text = statusTexts(RED);
    /** Tells the users the tenant's notice (rate limited, else Redis away), or that there is none: each node then puts back its own status. */
    const noticeChanged = (): void => {
      const shown = refused ?? rateLimited ?? redisDown;
      for (const user of users.values()) {
        if (shown) user?.rateLimited(shown);
        else user?.rateLimitOver();
      }
    };

    node.domain = toText(config.domain ?? '');
    if (typeof config.customDomain === 'string' && config.customDomain.trim() !== '') node.customDomain = config.customDomain.trim();

    // Plain http: refused for Auth0's own domains (every request then fails with this, naming the
    // setting), warned about once for any other host not on this machine.
    const protocol = config.protocol === 'http' ? 'http' : 'https';
    const refusal = plainHttpRefusal(protocol, normaliseDomain(config.domain));
    if (refusal) {
      node.error(refusal);
      refused = { fill: 'red', shape: 'ring', text: text('httpRefused') };
    } else {
      const warning = plainHttpWarning(protocol, normaliseDomain(config.domain));
      if (warning) node.warn(warning);
    }

    // Shared state (Redis) for replicas: opened at deploy, so a bad Redis URL is reported at once.
    const sharing = openSharedState(node.credentials?.redisUrl, config.keyPrefix, config.leaseSeconds, normaliseDomain(config.domain), (level, message) =>
      level === 'error' ? node.error(message) : level === 'warn' ? node.warn(message) : node.debug(message),
    );
    if (sharing.error) node.error(sharing.error.message);
    node.getSharedState = () => {
      if (sharing.error) throw sharing.error;
      return sharing.state;
    };

    // Derived once from the credentials, on first use (an unusable credential fails the snapshot that asks); the key itself is never handed out.
    let secrets: { made?: ReturnType<typeof fingerprinter> } = {};
    node.getFingerprinter = () => {
      if (!('made' in secrets)) secrets = { made: fingerprinter(node.credentials ?? {}, normaliseDomain(config.domain)) };
      return secrets.made;
    };

    node.getClient = (): TenantClient => {
      if (client) return client;
      if (closed) {
        throw new TenantClosedError(
          `auth0-config: the tenant ${node.domain || node.id} has been stopped (redeployed or removed); its client is no longer available`,
        );
      }
      const options = clientOptionsFrom(config, node.credentials ?? {}, typeof RED.version === 'function' ? RED.version() : undefined);
      options.log = (level, message) => (level === 'warn' ? node.warn(message) : node.debug(message));
      if (sharing.state) options.shared = sharing.state;
      if (sharing.error) options.sharedStateError = sharing.error;
      client = createTenantClient(options);
      unsubscribe = client.onStatus((status) => {
        const shown = statusFor(status, text);
        if (shown || rateLimited) {
          rateLimited = shown;
          noticeChanged();
        }
      });
      return client;
    };

    // Redis away: the tenant's nodes say that they pace alone (the shared state warns once per outage),
    // as a tenant notice each node shows over its own status and takes back when Redis returns.
    const offAvailability = sharing.state?.onAvailability((up) => {
      redisDown = up ? undefined : { fill: 'yellow', shape: 'ring', text: text('redisUnavailable') };
      noticeChanged();
    });

    node.register = (user: Node, tenantUser?: TenantUser): void => {
      users.set(user.id, tenantUser);
      const shown = refused ?? rateLimited ?? redisDown;
      if (shown) tenantUser?.rateLimited(shown);
    };

    node.deregister = (user: Node, done?: () => void): void => {
      users.delete(user.id);
      if (done) done();
    };

    node.on('close', (_removed: boolean, done: () => void) => {
      closed = true;
      unsubscribe?.();
      offAvailability?.();
      client?.close();
      client = undefined;
      rateLimited = undefined;
      redisDown = undefined;
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
      privateKey: { type: 'password' },
      redisUrl: { type: 'password' },
    },
  });
  registerConnectionCheck(RED as AdminRED);
};
