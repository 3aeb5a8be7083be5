/**
 * How a node uses its tenant: the one way every node of the package finds its auth0-config node,
 * registers with it, gets the tenant's client, shows the tenant's rate limit and, when the pause
 * ends, its own status again, and lets go of everything in close.
 *
 * Every status a node shows goes through `status()`, which remembers it: the config node shows
 * "rate limited" on its users while the tenant's requests are paused, and each user puts back
 * what it last showed itself (a job watch's progress, a failure's red ring) when the pause ends.
 */
import { type Auth0ConfigNode, type TenantUser, findTenant } from './config-node';
import { ConfigError, toError } from '../shared/errors';
import type { TenantClient } from '../shared/http-types';
import type { Node, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { type StatusText, statusTexts } from '../shared/status-text';

export class TenantUse implements TenantUser {
  /** The config node, when one was found. */
  readonly tenant: Auth0ConfigNode | undefined;
  /** Why the node cannot use a tenant (none chosen, not deployed); shown as "no tenant" at once. */
  readonly setupError: Error | undefined;
  /** Aborted by `abort()` or `close()`: the node's requests end with it. */
  readonly signal: AbortSignal;
  /** The package's status texts in the runtime's language (see status-text.ts). */
  readonly text: StatusText;
  private readonly controller = new AbortController();
  private own: NodeStatus | Record<string, never> = {};
  private rateLimitShown = false;
  private closed = false;

  constructor(
    RED: NodeRedAPI,
    private readonly node: Node,
    tenantId: unknown,
  ) {
    this.signal = this.controller.signal;
    this.text = statusTexts(RED);
    try {
      this.tenant = findTenant(RED, tenantId);
      this.tenant.register(node, this);
    } catch (err) {
      this.setupError = toError(err);
      this.status({ fill: 'red', shape: 'ring', text: this.text('noTenant') });
    }
  }

  /** The tenant's shared client; throws the setup error, or the config node's refusal once it has closed. */
  client(): TenantClient {
    if (!this.tenant) throw this.setupError ?? new ConfigError('no Auth0 tenant');
    return this.tenant.getClient();
  }

  /** Shows the node's own status and remembers it, to put it back after a rate-limit pause. */
  status(status: NodeStatus | Record<string, never>): void {
    this.own = status;
    this.rateLimitShown = false;
    if (!this.closed) this.node.status(status);
  }

  /** Called by the config node: the tenant's requests are paused. */
  rateLimited(status: NodeStatus): void {
    if (this.closed) return;
    this.rateLimitShown = true;
    this.node.status(status);
  }

  /** Called by the config node: the pause is over; the node's own status comes back. */
  rateLimitOver(): void {
    if (this.closed || !this.rateLimitShown) return;
    this.rateLimitShown = false;
    this.node.status(this.own);
  }

  /** Ends the node's requests (those sent with `signal`); the node stays registered. */
  abort(): void {
    this.controller.abort();
  }

  /** Ends the node's requests and deregisters from the tenant; the last step of the node's close. */
  close(done: () => void): void {
    this.closed = true;
    this.controller.abort();
    if (this.tenant) this.tenant.deregister(this.node, done);
    else done();
  }
}
