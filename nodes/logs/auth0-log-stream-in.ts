/**
 * auth0-log-stream-in: receives an Auth0 custom webhook log stream on Node-RED's HTTP server and
 * sends each log event as a message: real-time alerting without polling the tenant.
 *
 * Only a request whose Authorization header equals the node's credential is accepted (compared in
 * constant time; without a configured value every request is refused). Auth0 redelivers a batch
 * whose answer it did not get, so events already seen (by log_id) are dropped.
 */
import type { ServerResponse } from 'node:http';
import type { Node, NodeDefinition, NodeRedAPI } from '../shared/node-red-types';
import { BodyTooLargeError } from '../shared/request-body-reader';
import { type RouteHandler, addPostRoute, byteLimit, httpNodeUnavailable, readRequestBody, routePath } from '../receive/http-node-route';
import { BodyFormatError, type StreamedEvent, parseStreamBody } from './log-stream-in/log-stream-body';
import { RecentIds } from '../receive/recent-ids';
import { sameSecret } from '../shared/same-secret';
import { lastEventText } from '../watch/watch-status';
import { type StatusText, statusTexts } from '../shared/status-text';
import { migrateNodeConfig } from '../shared/migrations';
import { findTenant } from '../config/config-node';
import { SharedRecentIds } from '../receive/shared-recent-ids';
import { toError } from '../shared/errors';

interface LogStreamInConfig extends NodeDefinition {
  url?: string;
  /** Optional: a tenant whose Redis (replicas) holds the duplicate memory shared by every replica. */
  tenant?: string;
}

const DEFAULT_BODY_LIMIT = 5 * 1024 * 1024;
/** How many log_ids are remembered for dropping redeliveries. */
const DEDUPE_CAPACITY = 10_000;

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

class LogStreamInNode {
  private readonly recent = new RecentIds(DEDUPE_CAPACITY);
  /** The duplicate memory shared with the other replicas (the tenant's Redis), when a tenant with one is chosen. */
  private shared: SharedRecentIds | undefined;
  private removeRoute: (() => void) | undefined;
  private readonly authorization: string | undefined;
  private readonly bodyLimit: number;
  private received = 0;
  private readonly text: StatusText;
  private refused = 0;

  constructor(
    private readonly node: Node,
    config: LogStreamInConfig,
    private readonly RED: NodeRedAPI,
  ) {
    this.text = statusTexts(RED);
    this.authorization = node.credentials?.authorization || undefined;
    this.bodyLimit = byteLimit(RED.settings.apiMaxLength, DEFAULT_BODY_LIMIT);
    const path = routePath(config.url);
    const unavailable = httpNodeUnavailable(RED);
    if (typeof config.tenant === 'string' && config.tenant !== '') {
      try {
        const state = findTenant(RED, config.tenant).getSharedState?.();
        if (state) this.shared = new SharedRecentIds(state, node.id, this.recent);
      } catch (err) {
        node.error(`auth0-log-stream-in: ${toError(err).message}`);
        node.status({ fill: 'red', shape: 'ring', text: this.text('configuration') });
        return;
      }
    }
    node.on('close', (_removed: boolean, done: () => void) => {
      this.removeRoute?.();
      this.removeRoute = undefined;
      this.recent.clear();
      done();
    });
    if (unavailable) {
      node.warn(`auth0-log-stream-in: ${unavailable}`);
      node.status({ fill: 'red', shape: 'ring', text: this.text('noHttpServer') });
      return;
    }
    if (path === '') {
      node.error('auth0-log-stream-in: set the URL (the path Auth0 posts the log stream to)');
      node.status({ fill: 'red', shape: 'ring', text: this.text('noUrl') });
      return;
    }
    this.removeRoute = addPostRoute(RED, path, this.handler);
    if (!this.authorization) {
      // Refusing is the safe default; the warning comes with the first refused request.
      node.status({ fill: 'yellow', shape: 'ring', text: this.text('noAuthorization') });
    } else {
      node.status({ fill: 'green', shape: 'ring', text: `POST ${path}`.slice(0, 32) });
    }
  }

  /** The route's handler: a stable reference, so close removes exactly this route. */
  readonly handler: RouteHandler = (req, res) => {
    if (!sameSecret(req.headers.authorization, this.authorization)) {
      this.refused += 1;
      if (!this.authorization && this.refused === 1) {
        this.node.warn(
          "auth0-log-stream-in: a request was refused (401) because no Authorization value is set; set the same value as the log stream's Authorization Token",
        );
      }
      // Drain what was sent so the connection can be reused; nothing of it is read.
      req.resume();
      res.setHeader('WWW-Authenticate', 'Bearer');
      answer(res, 401, { error: 'unauthorized' });
      this.node.status({ fill: 'yellow', shape: 'ring', text: this.text('refused', { count: this.refused }) });
      return;
    }
    readRequestBody(req, this.bodyLimit)
      .then(async (body) => {
        const events = this.parse(body, res);
        if (events) this.deliver(events, await this.freshOf(events), res);
      })
      .catch((err: Error) => {
        const tooLarge = err instanceof BodyTooLargeError;
        answer(res, tooLarge ? 413 : 400, { error: tooLarge ? 'payload_too_large' : 'bad_request', message: err.message });
        this.node.warn(`auth0-log-stream-in: request refused: ${err.message}`);
      });
  };

  /** The body's events, or undefined when it was answered 400. */
  private parse(body: unknown, res: ServerResponse): StreamedEvent[] | undefined {
    try {
      return parseStreamBody(body);
    } catch (err) {
      if (!(err instanceof BodyFormatError)) throw err;
      answer(res, 400, { error: 'bad_request', message: `not an Auth0 log stream body: ${err.message}` });
      this.node.warn(`auth0-log-stream-in: not an Auth0 log stream body (${err.message})`);
      return undefined;
    }
  }

  /** The events not received before (by this process, or by any replica when the memory is shared). */
  private async freshOf(events: StreamedEvent[]): Promise<StreamedEvent[]> {
    if (!this.shared) return events.filter((event) => typeof event.log_id !== 'string' || this.recent.add(event.log_id));
    const withIds = events.filter((event) => typeof event.log_id === 'string');
    const isNew = await this.shared.addAll(withIds.map((event) => event.log_id as string));
    const fresh = new Set(withIds.filter((_, i) => isNew[i]));
    return events.filter((event) => typeof event.log_id !== 'string' || fresh.has(event));
  }

  private deliver(events: StreamedEvent[], fresh: StreamedEvent[], res: ServerResponse): void {
    // Answer first: Auth0 only needs to know the batch arrived, and a slow flow must not make it retry.
    answer(res, 200, { received: events.length, duplicates: events.length - fresh.length });
    for (const event of fresh) {
      this.node.send({ payload: event, topic: typeof event.type === 'string' ? event.type : '', auth0: { log_id: event.log_id } });
    }
    this.received += fresh.length;
    if (fresh.length > 0) {
      const last = fresh[fresh.length - 1];
      const text =
        lastEventText(this.text, typeof last.date === 'string' ? last.date : new Date().toISOString()) ?? this.text('events', { count: this.received });
      this.node.status({ fill: 'green', shape: 'dot', text });
    }
  }
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType(
    'auth0-log-stream-in',
    function (this: Node, config: NodeDefinition) {
      RED.nodes.createNode(this, config);
      new LogStreamInNode(this, migrateNodeConfig(config), RED);
    },
    { credentials: { authorization: { type: 'password' } } },
  );
};
