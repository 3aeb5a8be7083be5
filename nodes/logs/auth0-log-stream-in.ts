/**
 * auth0-log-stream-in: receives an Auth0 custom webhook log stream on Node-RED's HTTP server and
 * sends each log event as a message: real-time alerting without polling the tenant.
 *
 * A thin layer over the receiver (receive/receiver.ts): only a request whose Authorization header
 * equals the node's credential is accepted (compared in constant time; without a configured value
 * every request is refused). Auth0 redelivers a batch whose answer it did not get, so events
 * already seen (by log_id) are dropped.
 */
import { logTypeOf } from './log-types';
import type { Node, NodeDefinition, NodeRedAPI } from '../shared/node-red-types';
import { BodyFormatError, type StreamedEvent, parseStreamBody } from './log-stream-in/log-stream-body';
import { sameSecret } from '../shared/same-secret';
import { lastEventText } from '../watch/watch-status';
import { statusTexts } from '../shared/status-text';
import { migrateNodeConfig } from '../shared/migrations';
import { findTenant } from '../config/config-node';
import type { SharedState } from '../shared-state/shared-state';
import { Receiver } from '../receive/receiver';
import { toError } from '../shared/errors';

interface LogStreamInConfig extends NodeDefinition {
  url?: string;
  /** Optional: a tenant whose Redis (replicas) holds the duplicate memory shared by every replica. */
  tenant?: string;
}

/** How many log_ids are remembered for dropping redeliveries. */
const DEDUPE_CAPACITY = 10_000;

/**
 * The most log events one request may hold. Auth0 streams each log event as it is written and
 * documents no batch size (docs: customize/log-streams, custom-log-streams); a thousand is ten
 * times the largest page its logs API ever answers (100).
 */
const MOST_ITEMS = {
  count: 1000,
  why: 'Auth0 streams log events as they are written, never this many in one request',
};

/** The body's events, or why it holds none. */
function eventsOf(body: unknown, mostItems: number): StreamedEvent[] | string {
  try {
    return parseStreamBody(body, mostItems);
  } catch (err) {
    if (err instanceof BodyFormatError) return err.message;
    throw err;
  }
}

function createLogStreamIn(node: Node, config: LogStreamInConfig, RED: NodeRedAPI): void {
  const text = statusTexts(RED);
  let shared: SharedState | undefined;
  if (typeof config.tenant === 'string' && config.tenant !== '') {
    try {
      shared = findTenant(RED, config.tenant).getSharedState?.();
    } catch (err) {
      // An unusable Redis URL: receiving alone would let a redelivery to another replica through.
      node.error(`auth0-log-stream-in: ${toError(err).message}`);
      node.status({ fill: 'red', shape: 'ring', text: text('configuration') });
      return;
    }
  }
  const authorization = node.credentials?.authorization || undefined;
  let received = 0;
  const receiver = new Receiver<StreamedEvent>(node, RED, {
    type: 'auth0-log-stream-in',
    url: config.url,
    what: 'an Auth0 log stream body',
    authorized: (headers) => sameSecret(headers.authorization, authorization),
    hasSecret: authorization !== undefined,
    noSecretWarning: "a request was refused (401) because no Authorization value is set; set the same value as the log stream's Authorization Token",
    dedupe: { capacity: DEDUPE_CAPACITY },
    mostItems: MOST_ITEMS,
    ...(shared ? { shared } : {}),
    parse: eventsOf,
    idOf: (event) => (typeof event.log_id === 'string' ? event.log_id : undefined),
    show: (status) => node.status(status),
    deliver: (fresh) => {
      for (const event of fresh) {
        node.send({ payload: event, topic: typeof event.type === 'string' ? event.type : '', auth0: { log_id: event.log_id, logType: logTypeOf(event.type) } });
      }
      received += fresh.length;
      if (fresh.length > 0) {
        const last = fresh[fresh.length - 1];
        const status = lastEventText(text, typeof last.date === 'string' ? last.date : new Date().toISOString()) ?? text('events', { count: received });
        node.status({ fill: 'green', shape: 'dot', text: status });
      }
    },
  });
  node.on('close', (_removed: boolean, done: () => void) => {
    receiver.close();
    done();
  });
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType(
    'auth0-log-stream-in',
    function (this: Node, config: NodeDefinition) {
      RED.nodes.createNode(this, config);
      createLogStreamIn(this, migrateNodeConfig(config), RED);
    },
    { credentials: { authorization: { type: 'password' } } },
  );
};
