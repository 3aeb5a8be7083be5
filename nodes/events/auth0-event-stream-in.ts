/**
 * auth0-event-stream-in: receives an Auth0 webhook event stream on Node-RED's HTTP server and
 * sends each CloudEvent as a message. Only requests carrying the configured authorization are
 * accepted (compared in constant time). The answer (2xx) goes out at once, before the flow runs.
 * Auth0 delivers at least once and in no guaranteed order: events already received (by `id`,
 * bounded memory with expiry) are dropped, so each event leaves the node once. When the tenant
 * has a Redis URL (replicas behind a load balancer), that memory is shared by every replica.
 *
 * With a tenant and the public base URL of this Node-RED, the editor's button creates the
 * webhook event stream pointing at the node (through an admin endpoint; the secret goes to
 * Auth0 and is never shown back). The tenant is optional: only a node with one registers with it.
 */
import type { IncomingMessage } from 'node:http';
import { TenantUse } from '../config/tenant-use';
import { ConfigError, InputError, toError } from '../shared/errors';
import { migrateNodeConfig } from '../shared/migrations';
import type { Node, NodeDefinition, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { type StatusText, statusTexts } from '../shared/status-text';
import { readRequestBody } from '../receive/http-node-route';
import { Receiver, TooManyItemsError } from '../receive/receiver';
import type { SharedState } from '../shared-state/shared-state';
import { EVENT_TYPE_TABLE, unknownEventTypes } from './event-types';
import { createOrUpdateStream, webhookEndpoint } from './stream-setup';
import { AUTH_METHODS, type AuthMethod, type WebhookAuthorization, authorizationAccepted, expectedHeader } from './webhook-authorization';

interface EventStreamInConfig extends NodeDefinition {
  url?: string;
  authMethod?: string;
  headerName?: string;
  /** For creating the stream: the tenant, its event types and this Node-RED's public base URL. */
  tenant?: string;
  types?: string[] | string;
  publicUrl?: string;
}

/** Event ids remembered for dropping redeliveries, and for how long. */
const DEDUPE_CAPACITY = 50_000;
const DEDUPE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const GA_TYPES = EVENT_TYPE_TABLE.filter((t) => t.lifecycle === 'ga').map((t) => t.type);

type CloudEvent = Record<string, unknown> & { id: string; type: string };

function isEvent(value: unknown): value is CloudEvent {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && v.id !== '' && typeof v.type === 'string';
}

/**
 * The most events one request may hold. Auth0 posts one CloudEvent per request (docs:
 * customize/events/create-an-event-stream, whose webhook reads the body as one event); an array
 * of a few is taken too, for tools that batch.
 */
const MOST_ITEMS = { count: 100, why: 'Auth0 posts one event per request' };

/** The CloudEvents of a body: one object (Auth0's delivery) or an array of them; a Buffer is parsed first. */
function eventsOf(body: unknown, mostItems: number): CloudEvent[] | string {
  let value = body;
  if (Buffer.isBuffer(value)) {
    try {
      value = JSON.parse(value.toString('utf8'));
    } catch {
      return 'the body is not JSON';
    }
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return 'the body holds no event';
  if (items.length > mostItems) throw new TooManyItemsError(items.length);
  for (const [i, item] of items.entries()) if (!isEvent(item)) return `item ${i + 1} is not a CloudEvent (no id or type)`;
  return items as CloudEvent[];
}

function listSetting(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

const receivers = new Map<string, EventStreamInNode>();

class EventStreamInNode {
  private readonly receiver: Receiver<CloudEvent> | undefined;
  readonly authorization: WebhookAuthorization;
  private received = 0;
  /** The tenant the admin endpoint creates the stream in, when one is chosen (receiving needs none). */
  private readonly use: TenantUse | undefined;
  private readonly text: StatusText;

  constructor(
    private readonly node: Node,
    readonly config: EventStreamInConfig,
    private readonly RED: NodeRedAPI,
  ) {
    this.text = statusTexts(RED);
    if (typeof config.tenant === 'string' && config.tenant !== '') this.use = new TenantUse(RED, node, config.tenant);
    let sharingError: Error | undefined;
    let shared: SharedState | undefined;
    try {
      shared = this.use?.tenant?.getSharedState?.();
    } catch (err) {
      // An unusable Redis URL: receiving alone would let a redelivery to another replica through.
      sharingError = toError(err);
    }
    const method = (AUTH_METHODS as readonly string[]).includes(config.authMethod ?? '') ? (config.authMethod as AuthMethod) : 'bearer';
    const creds = node.credentials ?? {};
    this.authorization = {
      method,
      ...(config.headerName ? { headerName: config.headerName.trim() } : {}),
      credentials: {
        token: creds.token || undefined,
        username: creds.username || undefined,
        password: creds.password || undefined,
        headerValue: creds.headerValue || undefined,
      },
    };
    receivers.set(node.id, this);
    node.on('close', (_removed: boolean, done: () => void) => {
      this.receiver?.close();
      if (receivers.get(node.id) === this) receivers.delete(node.id);
      if (this.use) this.use.close(done);
      else done();
    });
    if (sharingError) {
      node.error(`auth0-event-stream-in: ${sharingError.message}`);
      this.show({ fill: 'red', shape: 'ring', text: this.text('configuration') });
      return;
    }
    this.receiver = new Receiver<CloudEvent>(node, RED, {
      type: 'auth0-event-stream-in',
      url: config.url,
      what: 'an Auth0 event',
      authorized: (headers) => authorizationAccepted(headers, this.authorization),
      hasSecret: expectedHeader(this.authorization) !== undefined,
      noSecretWarning: `a request was refused (401) because the node has no ${this.authorization.method} authorization set; set the same one as the event stream's`,
      dedupe: { capacity: DEDUPE_CAPACITY, maxAgeMs: DEDUPE_MAX_AGE_MS },
      mostItems: MOST_ITEMS,
      ...(shared ? { shared } : {}),
      parse: eventsOf,
      idOf: (event) => event.id,
      show: (status) => this.show(status),
      deliver: (fresh) => this.deliver(fresh),
    });
  }

  /** The route's path (for the stream's endpoint). */
  get path(): string {
    return this.receiver?.path ?? '';
  }

  /** With a tenant, through its use: the status comes back after the tenant's rate-limit pause. */
  private show(status: NodeStatus): void {
    if (this.use) this.use.status(status);
    else this.node.status(status);
  }

  private deliver(fresh: CloudEvent[]): void {
    for (const event of fresh) {
      this.node.send({ payload: event, topic: event.type, auth0: { id: event.id, ...(event.a0purpose === 'test' ? { test: true } : {}) } });
    }
    this.received += fresh.length;
    if (fresh.length > 0) {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      this.show({ fill: 'green', shape: 'dot', text: this.text('lastEvent', { time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` }) });
    }
  }

  /** Creates or updates the webhook event stream pointing at this node. */
  async setUpStream(publicUrl: unknown): Promise<Record<string, unknown>> {
    if (!this.use) throw new ConfigError('no Auth0 tenant selected: choose an auth0-config node in the "Tenant" field');
    const types = listSetting(this.config.types);
    const unknown = unknownEventTypes(types);
    if (unknown.length > 0) throw new InputError('types', `"types" names event types Auth0 does not have: ${unknown.join(', ')}`);
    const endpoint = webhookEndpoint(publicUrl ?? this.config.publicUrl, this.RED.settings.httpNodeRoot, this.path);
    const result = await createOrUpdateStream(
      this.use.client(),
      {
        endpoint,
        authorization: this.authorization,
        types: types.length > 0 ? types : GA_TYPES,
        name: `node-red ${this.node.name || this.node.id}`,
      },
      this.use.signal,
    );
    this.node.log(`${result.created ? 'created' : 'updated'} the webhook event stream ${String(result.stream.id)} for ${endpoint}`);
    return { created: result.created, endpoint, stream: result.stream };
  }
}

interface AdminApi {
  httpAdmin?: { post(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

interface AdminRequest extends IncomingMessage {
  params: Record<string, string>;
  body?: unknown;
  _body?: boolean;
}

interface AdminResponse {
  status(code: number): AdminResponse;
  json(body: unknown): void;
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType(
    'auth0-event-stream-in',
    function (this: Node, config: NodeDefinition) {
      RED.nodes.createNode(this, config);
      new EventStreamInNode(this, migrateNodeConfig(config), RED);
    },
    { credentials: { token: { type: 'password' }, username: { type: 'text' }, password: { type: 'password' }, headerValue: { type: 'password' } } },
  );

  // The editor's "create the event stream" button: works on the deployed node, whose credentials never leave the runtime except to Auth0.
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.post(
      '/auth0-event-stream-in/:id/stream',
      admin.auth.needsPermission('auth0-event-stream-in.write'),
      (req: AdminRequest, res: AdminResponse) => {
        const receiver = receivers.get(req.params.id);
        if (!receiver) {
          res.status(404).json({ error: 'not_deployed', message: 'deploy the node first: the stream is created from the deployed node and its credentials' });
          return;
        }
        readRequestBody(req, 64 * 1024)
          .then((raw) => {
            const body = Buffer.isBuffer(raw) ? (raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : {}) : (raw ?? {});
            return receiver.setUpStream((body as { publicUrl?: unknown }).publicUrl);
          })
          .then((result) => res.json(result))
          .catch((err: Error & { statusCode?: number; errorCode?: string }) => {
            const status = err.name === 'InputError' || err.name === 'ConfigError' || err instanceof SyntaxError ? 400 : 502;
            res.status(status).json({ error: err.errorCode ?? err.name, message: err.message, statusCode: err.statusCode });
          });
      },
    );
  }
};
