/**
 * auth0-tenant-snapshot: any input message reads the tenant's whole configuration (no secret in
 * it, only fingerprints) and sends it as one document (`mode` snapshot), or compares it with the
 * last one kept in a context store and sends one message per change (`mode` changes). With
 * `msg.payload.desired` it compares a desired snapshot with the live tenant instead and changes
 * nothing (a preview). Output 2: one summary per run, with what could not be read and why.
 */
import { TenantUse } from '../config/tenant-use';
import { ConfigError, toError } from '../shared/errors';
import { describeFailure, failureStatusText } from '../shared/failure';
import { migrateNodeConfig } from '../shared/migrations';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI, SendFunction } from '../shared/node-red-types';
import { type WatcherSharing, isSharingPause, pauseRole, sharedStatus, watcherSharing } from '../watch/watcher-sharing';
import { registerGroup } from '../config/group-registry';
import { type Baseline, BaselineStore } from './snapshot-baseline';
import { type SnapshotChange, compareSnapshots } from './snapshot-diff';
import type { Json } from './snapshot-paths';
import { type ReadResult, type TenantSnapshot, takeSnapshot } from './snapshot-reader';
import { snapshotScopeGroup } from './snapshot-scopes';
import { desiredSnapshot, snapshotSettings, type SnapshotSettings } from './snapshot-settings';
import { deepMessageError } from '../shared/message-depth';

const TYPE = 'auth0-tenant-snapshot';
/** How long a run waits for Redis to come back before it is skipped. */
const REDIS_WAIT_MS = 5000;
const STATUS_EVERY_MS = 1000;

interface RunOutcome {
  changes: SnapshotChange[];
  firstRun: boolean;
  preview: boolean;
  fingerprintsComparable: boolean;
}

function summaryText(result: ReadResult, outcome: RunOutcome | undefined): string {
  const parts: string[] = [];
  const count = Object.keys(result.snapshot.resources).length;
  if (!outcome) parts.push(`snapshot of ${count} resources`);
  else if (outcome.firstRun) parts.push(`first run: baseline of ${count} resources kept, no changes sent`);
  else parts.push(`${outcome.changes.length} change${outcome.changes.length === 1 ? '' : 's'}${outcome.preview ? ' an apply would make' : ''}`);
  if (result.failures.length > 0)
    parts.push(`${result.failures.length} resource${result.failures.length === 1 ? '' : 's'} not read: ${result.failures.map((f) => f.resource).join(', ')}`);
  if (outcome && !outcome.fingerprintsComparable) parts.push('the fingerprint key changed since the baseline: secrets could not be compared this time');
  return parts.join('; ');
}

class TenantSnapshotNode {
  private readonly use: TenantUse;
  private settings: SnapshotSettings | undefined;
  private setupError: Error | undefined;
  private sharing: WatcherSharing | undefined;
  private baseline: BaselineStore | undefined;
  /** Runs one after another: a second message waits for the first snapshot to end. */
  private queue: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(
    private readonly node: Node,
    config: NodeDefinition,
    RED: NodeRedAPI,
  ) {
    this.use = new TenantUse(RED, node, config.tenant);
    try {
      if (this.use.setupError) throw this.use.setupError;
      this.settings = snapshotSettings(config);
      this.sharing = this.use.tenant ? watcherSharing(this.use.tenant, node) : undefined;
      this.baseline = new BaselineStore(node, this.settings.store, this.sharing);
    } catch (err) {
      this.setupError = toError(err);
      if (!this.use.setupError) this.use.status({ fill: 'red', shape: 'ring', text: this.use.text('configuration') });
      node.error(`${TYPE}: ${toError(err).message}`);
    }
    node.on('input', (msg, send, done) => {
      this.queue = this.queue.then(() =>
        this.run(msg, send).then(
          () => done(),
          (err: unknown) => {
            // A snapshot ended by the node's close (a redeploy) is not a failure to report.
            if (this.closing) {
              done();
              return;
            }
            const error = err instanceof Error ? err : new Error(String(err));
            describeFailure(msg, error, { operation: 'snapshot', group: 'tenant_snapshot' });
            this.use.status({ fill: 'red', shape: 'ring', text: failureStatusText(error, this.use.text) });
            done(error);
          },
        ),
      );
    });
    node.on('close', (_removed: boolean, done: () => void) => {
      this.closing = true;
      this.use.abort();
      const finish = () => this.use.close(done);
      this.queue.then(() => this.sharing?.release()).then(finish, finish);
    });
  }

  private async run(msg: NodeMessage, send: SendFunction): Promise<void> {
    const tooDeep = deepMessageError(msg);
    if (tooDeep) throw tooDeep;
    if (this.setupError) throw this.setupError;
    const settings = this.settings as SnapshotSettings;
    // Checked before any request: a bad desired snapshot is the message's fault.
    const desired = desiredSnapshot(msg.payload);
    const tenant = this.use.tenant;
    const fingerprinter = tenant?.getFingerprinter?.();
    if (!fingerprinter) throw new ConfigError('the tenant has no credential to key the fingerprints of secrets with (client secret, private key or token)');
    // A timer on every replica: the lease holder takes the snapshot, the others stand by. A preview answers where it was asked.
    if (this.sharing && !desired) {
      try {
        let role = await this.sharing.claim();
        // Just deployed, the Redis connection may still be opening: a timer's message is worth a short wait.
        if (role === 'unavailable' && (await this.sharing.shared.whenAvailable(REDIS_WAIT_MS))) role = await this.sharing.claim();
        if (role !== 'holder') {
          this.use.status(sharedStatus(role, this.use.text));
          return;
        }
      } catch (err) {
        if (!isSharingPause(err)) throw err;
        this.use.status(sharedStatus(pauseRole(err), this.use.text));
        this.node.warn(`${TYPE}: Redis is unavailable, so no replica can be sure to be the only one taking the snapshot: this run is skipped`);
        return;
      }
    }
    const started = Date.now();
    let shownAt = 0;
    const text = this.use.text;
    this.use.status({ fill: 'blue', shape: 'dot', text: text('reading', { resource: '' }).trim() });
    const result = await takeSnapshot({
      client: this.use.client(),
      signal: this.use.signal,
      ...(tenant?.customDomain ? { customDomain: tenant.customDomain } : {}),
      fingerprint: (value) => fingerprinter.fingerprint(value),
      progress: (resource, items) => {
        // At most one status a second: hundreds of items would otherwise flood the editor with status events.
        const now = Date.now();
        if (now - shownAt < STATUS_EVERY_MS) return;
        shownAt = now;
        this.use.status({ fill: 'blue', shape: 'dot', text: items > 0 ? text('readingItems', { resource, count: items }) : text('reading', { resource }) });
      },
    });
    let outcome: RunOutcome | undefined;
    if (desired) {
      outcome = {
        changes: compareSnapshots(result.snapshot.resources, desired.resources, { ignore: settings.ignore }),
        firstRun: false,
        preview: true,
        fingerprintsComparable: true,
      };
    } else if (settings.mode === 'changes') {
      outcome = await this.compareWithBaseline(result, settings, fingerprinter.keyId);
    }
    if (this.sharing && !desired && !this.sharing.holding) return;
    const base = { auth0: { tenant: result.snapshot.domain, ...(outcome?.preview ? { preview: true } : {}) } };
    if (!outcome) {
      send([{ ...msg, payload: result.snapshot, topic: 'snapshot', ...base }, null]);
    } else {
      for (const change of outcome.changes) send([{ payload: change, topic: `${change.resource}.${change.change}`, ...base }, null]);
    }
    const summary = this.summary(result, outcome, started);
    send([null, { ...msg, topic: 'summary', payload: summary, ...base, ...(outcome && !outcome.preview ? { snapshot: result.snapshot } : {}) }]);
    const unread = result.failures.length;
    const shown = outcome
      ? outcome.firstRun
        ? text('snapshotBaseline')
        : text('snapshotChanges', { count: outcome.changes.length })
      : text('snapshotResources', { count: Object.keys(result.snapshot.resources).length });
    this.use.status({ fill: unread > 0 ? 'yellow' : 'green', shape: 'dot', text: unread > 0 ? text('snapshotUnread', { shown, count: unread }) : shown });
  }

  private async compareWithBaseline(result: ReadResult, settings: SnapshotSettings, keyId: string): Promise<RunOutcome> {
    const store = this.baseline as BaselineStore;
    const previous = await store.load();
    const sameTenant = previous !== undefined && previous.snapshot.domain === result.snapshot.domain;
    const resources: Record<string, Json> = { ...result.snapshot.resources };
    // A resource not read this time keeps its last known state in the baseline: it is compared again when it can be read.
    if (sameTenant)
      for (const failure of result.failures)
        if (failure.resource in previous.snapshot.resources) resources[failure.resource] = previous.snapshot.resources[failure.resource];
    const next: Baseline = { version: 1, keyId, snapshot: { ...result.snapshot, resources: sortedCopy(resources) } };
    const comparable = !sameTenant || previous.keyId === keyId;
    const changes = sameTenant
      ? compareSnapshots(previous.snapshot.resources, result.snapshot.resources, { ignore: settings.ignore, fingerprintsIncomparable: !comparable })
      : [];
    await store.save(next);
    return { changes, firstRun: !sameTenant, preview: false, fingerprintsComparable: comparable };
  }

  private summary(result: ReadResult, outcome: RunOutcome | undefined, started: number): Record<string, unknown> {
    const count = (kind: SnapshotChange['change']) => outcome?.changes.filter((change) => change.change === kind).length ?? 0;
    const missingScopes = [...new Set(result.failures.flatMap((failure) => failure.scopes ?? []))].sort();
    return {
      mode: outcome?.preview ? 'preview' : (this.settings as SnapshotSettings).mode,
      domain: result.snapshot.domain,
      taken_at: result.snapshot.taken_at,
      text: summaryText(result, outcome),
      resources: Object.keys(result.snapshot.resources).length,
      ...(outcome
        ? {
            firstRun: outcome.firstRun,
            changes: { added: count('added'), removed: count('removed'), changed: count('changed'), total: outcome.changes.length },
            fingerprintsComparable: outcome.fingerprintsComparable,
          }
        : {}),
      unavailable: result.failures,
      missingScopes,
      truncated: result.truncated,
      requests: result.requests,
      durationMs: Date.now() - started,
    };
  }
}

function sortedCopy(resources: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const key of Object.keys(resources).sort()) out[key] = resources[key];
  return out;
}

/** The snapshot document a run sent or kept. */
export type { TenantSnapshot };

export = function (RED: NodeRedAPI): void {
  // The connection check lists the scopes a snapshot needs, as it does for the action nodes' operations.
  registerGroup(snapshotScopeGroup());
  RED.nodes.registerType('auth0-tenant-snapshot', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    new TenantSnapshotNode(this, migrateNodeConfig(config), RED);
  });
};
