/**
 * auth0-job-watch: watches Auth0 jobs until they end. Output 1: a completed job (an import with
 * its summary and failed rows, an export with its users); output 2: a failed one. The watched
 * jobs are kept in a context store, so the watch resumes after a restart. The engine is in
 * watch/job-watcher.ts; this file reads the node's settings and follows Node-RED's conventions.
 */
import { TenantUse } from '../config/tenant-use';
import type { Node, NodeDefinition, NodeRedAPI } from '../shared/node-red-types';
import { readJobRefs } from './watch/job-refs';
import { JobWatcher } from './watch/job-watcher';
import { WatchStore } from './watch/watch-store';
import { migrateNodeConfig } from '../shared/migrations';
import { SharedJobWatch } from './watch/shared-job-watch';
import { type WatcherSharing, watcherSharing } from '../watch/watcher-sharing';
import { toError, required } from '../shared/errors';
import { deepMessageError } from '../shared/message-depth';

interface JobWatchConfig extends NodeDefinition {
  tenant?: string;
  /** Seconds between polls of a job (default 5). */
  interval?: number | string;
  /** Context store of the watched jobs; '' for the default store. */
  store?: string;
  /** An export's users: one message with the array (default), or one message per user. */
  exportOutput?: string;
  /** Version of the saved properties (1), for migrations of saved flows. */
  version?: number;
}

const DEFAULT_INTERVAL_S = 5;
/** Bounds of the interval: fast enough for a local emulator, slow enough to stay a timer Node accepts. */
const MIN_INTERVAL_S = 0.05;
const MAX_INTERVAL_S = 24 * 60 * 60;

function intervalMs(raw: unknown): number {
  const n = raw === undefined || raw === null || raw === '' ? DEFAULT_INTERVAL_S : Number(raw);
  const seconds = Number.isFinite(n) && n > 0 ? Math.min(Math.max(n, MIN_INTERVAL_S), MAX_INTERVAL_S) : DEFAULT_INTERVAL_S;
  return Math.round(seconds * 1000);
}

export = function (RED: NodeRedAPI): void {
  function Auth0JobWatch(this: Node, saved: NodeDefinition): void {
    RED.nodes.createNode(this, saved);
    const config = migrateNodeConfig(saved) as JobWatchConfig;
    const node = this;
    const use = new TenantUse(RED, node, config.tenant);

    const storeName = typeof config.store === 'string' && config.store.trim() !== '' ? config.store.trim() : undefined;
    const store = new WatchStore(node.context(), storeName, (err) =>
      node.warn(`auth0-job-watch: context store${storeName ? ` "${storeName}"` : ''}: ${err.message}`),
    );
    let sharing: WatcherSharing | undefined;
    try {
      sharing = use.tenant ? watcherSharing(use.tenant, node) : undefined;
    } catch (err) {
      node.error(`auth0-job-watch: ${toError(err).message}`);
    }
    const makeWatcher = (watchStore: ConstructorParameters<typeof JobWatcher>[0]['store']): JobWatcher =>
      new JobWatcher({
        client: () => use.client(),
        intervalMs: intervalMs(config.interval),
        exportOutput: config.exportOutput === 'items' ? 'items' : 'array',
        store: watchStore,
        status: (status) => use.status(status),
        text: use.text,
        cloneMessage: (msg) => RED.util.cloneMessage(msg),
        send: (msgs) => node.send(msgs),
        error: (err, msg) => node.error(err, msg),
        warn: (message) => node.warn(message),
      });
    // With the tenant's Redis: one replica (the lease holder) watches every job, kept in Redis.
    const shared = sharing ? new SharedJobWatch(sharing, node, use, makeWatcher) : undefined;
    const watcher = shared ? undefined : makeWatcher(store);

    node.on('input', (msg, send, done) => {
      let refs;
      try {
        const tooDeep = deepMessageError(msg);
        if (tooDeep) throw tooDeep;
        if (use.setupError) throw use.setupError;
        refs = readJobRefs(msg.payload);
      } catch (err) {
        use.status({ fill: 'red', shape: 'ring', text: use.text((err as { input?: string }).input ? 'badJobId' : 'noTenant') });
        done(toError(err));
        return;
      }
      (shared ? shared.input(refs, msg, send, done) : required(watcher, 'the job watcher').watch(refs, msg, send, done)).catch((err: Error) => done(err));
    });

    node.on('close', (removed: boolean, done: () => void) => {
      (shared ? shared.close(removed) : required(watcher, 'the job watcher').close(removed)).then(
        () => use.close(done),
        () => use.close(done),
      );
    });
  }

  RED.nodes.registerType('auth0-job-watch', Auth0JobWatch);
};
