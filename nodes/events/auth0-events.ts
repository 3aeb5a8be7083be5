/**
 * auth0-events: a watcher on Auth0's Events API (`GET /api/v2/events`, Server-Sent Events). It
 * subscribes with the chosen event types and sends one message per event (msg.payload the
 * CloudEvent, msg.topic its type). The watcher's skeleton (schedule, lease, failure wait, status,
 * Catch message) is watch/watcher.ts; what is particular to the Events API is in watch/ here
 * (events-job.ts and its rooms); this file reads the settings and registers the node.
 *
 * Delivery guarantee (documented in the help): the id of every message read, offset-only
 * progress markers included, is written to the checkpoint by batch (at most OFFSET_BATCH_EVENTS
 * messages or OFFSET_BATCH_MS after the first of them), when a connection ends, and on close
 * before the lease is given back; every connection resumes with `Last-Event-ID`. So across
 * Auth0's periodic disconnects, network failures, a redeploy or an orderly restart nothing is
 * lost and nothing is sent twice. A process that dies without closing (or a file store that had
 * not flushed) repeats at most the last batch on its next start: never lost; msg.payload.id lets
 * a flow drop repeats.
 *
 * Replicas (the tenant has a Redis URL): only the process holding the node's lease connects; the
 * others show standby and claim again every quarter of the lease time, so one takes over within
 * the lease time when the holder dies. The holder drops its connection as soon as it may no longer
 * count on the lease (lost, or Redis away) and checks it before each send. The offset lives in
 * Redis, written with the lease's fencing token, and is read again whenever the lease was
 * (re)taken. A SIGKILL of the holder repeats at most one batch on the next holder.
 */
import { migrateNodeConfig } from '../shared/migrations';
import type { Node, NodeDefinition, NodeRedAPI } from '../shared/node-red-types';
import { storePromise } from '../watch/store-promise';
import { Watcher } from '../watch/watcher';
import { EVENT_TYPE_TABLE } from './event-types';
import { OPERATION } from './watch/event-connection';
import { EventsJob } from './watch/events-job';
import { type EventsConfig, readEventsSettings } from './watch/events-settings';

/** The longest wait after failures in a row, and after a configuration error. */
const BACKOFF_CAP_MS = 60_000;

interface AdminApi {
  httpAdmin?: { get(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

function createEventsWatch(node: Node, config: EventsConfig, RED: NodeRedAPI): void {
  new Watcher(node, RED, {
    type: 'auth0-events',
    operation: OPERATION,
    tenant: config.tenant,
    intervalMs: BACKOFF_CAP_MS,
    configErrorWaitMs: BACKOFF_CAP_MS,
    longTurns: true,
    job: (use, sharing) => {
      const settings = readEventsSettings(config);
      // With the tenant's Redis the offset lives there: the context store's promise does not apply.
      return new EventsJob(node, use, settings, sharing, sharing ? undefined : storePromise(RED.settings, settings.store));
    },
  });
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-events', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    createEventsWatch(this, migrateNodeConfig(config), RED);
  });

  // The editor reads the event catalogue from here: one table for runtime and editor.
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.get('/auth0-events/types', admin.auth.needsPermission('auth0-events.read'), (_req: unknown, res: { json(body: unknown): void }) => {
      res.json(EVENT_TYPE_TABLE);
    });
  }
};
