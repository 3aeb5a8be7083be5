/**
 * auth0-log-stream-watch: polls the tenant's log streams and sends a message when one changes
 * status (active → suspended when Auth0 gives up delivering, paused, active again, deleted), so a
 * flow can alert when log delivery breaks. The first poll after a start is the baseline.
 */
import { TenantUse } from '../config/tenant-use';
import { ConfigError, toError, required } from '../shared/errors';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { type StreamChange, StreamStatusTracker, streamsOf, withoutSecrets } from './log-stream-watch/log-stream-changes';
import { intervalSeconds } from './log-watch/log-watch-settings';
import { MAX_DELAY_MS, type PollOutcome, PollLoop } from '../watch/poll-loop';
import { failureText, isClientClosed, retryDelayMs, shortDuration } from '../watch/failure-wait';
import { watchStatuses } from '../watch/watch-status';
import { type StatusText } from '../shared/status-text';
import { migrateNodeConfig } from '../shared/migrations';
import { LeaseLost } from '../shared-state/fenced-store';
import { type WatcherSharing, isSharingPause, pauseRole, sharedStatus, watcherSharing } from '../watch/watcher-sharing';

interface LogStreamWatchConfig extends NodeDefinition {
  tenant?: string;
  /** Seconds between polls (default 60). */
  interval?: number | string;
}

const DEFAULT_STREAM_INTERVAL_SECONDS = 60;
const OPERATION = 'log_stream_watch';

function summary(counts: Record<string, number>, text: StatusText): NodeStatus {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const broken = (counts.suspended ?? 0) + (counts.paused ?? 0);
  if (total === 0) return { fill: 'grey', shape: 'ring', text: text('noStreams') };
  if (counts.suspended) return { fill: 'red', shape: 'dot', text: text('streamsSuspended', { count: counts.suspended }) };
  if (broken > 0) return { fill: 'yellow', shape: 'dot', text: text('streamsPaused', { count: broken }) };
  return { fill: 'green', shape: 'dot', text: text('streamsActive', { count: total }) };
}

class LogStreamWatchNode {
  private readonly use: TenantUse;
  private readonly statuses: ReturnType<typeof watchStatuses>;
  private setupError: Error | undefined;
  private intervalMs = DEFAULT_STREAM_INTERVAL_SECONDS * 1000;
  private readonly tracker = new StreamStatusTracker();
  private readonly loop: PollLoop;
  private failures = 0;
  private closing = false;
  private domain = '';
  /** Run once across the replicas sharing the tenant's Redis; undefined without one. */
  private sharing: WatcherSharing | undefined;

  constructor(
    private readonly node: Node,
    config: LogStreamWatchConfig,
    RED: NodeRedAPI,
  ) {
    this.use = new TenantUse(RED, node, config.tenant);
    this.statuses = watchStatuses(this.use.text);
    try {
      if (this.use.setupError) throw this.use.setupError;
      this.intervalMs = Math.round(intervalSeconds(config.interval, DEFAULT_STREAM_INTERVAL_SECONDS) * 1000);
      this.sharing = this.use.tenant ? watcherSharing(this.use.tenant, node) : undefined;
    } catch (err) {
      this.setupError = toError(err);
      if (!this.use.setupError) this.use.status(this.statuses.configuration());
      node.error(`auth0-log-stream-watch: ${toError(err).message}`);
    }
    this.loop = new PollLoop((triggered) => this.poll(triggered), this.intervalMs);
    node.on('input', (_msg: NodeMessage, _send, done) => {
      if (this.setupError) {
        done(this.setupError);
        return;
      }
      void this.loop.pollNow().then((err) => (err ? done(err) : done()));
    });
    node.on('close', (_removed: boolean, done: () => void) => {
      this.closing = true;
      this.use.abort();
      this.loop
        .stop()
        .then(() => this.sharing?.release())
        .then(
          () => this.use.close(done),
          () => this.use.close(done),
        );
    });
    if (!this.setupError) {
      this.use.status(this.statuses.starting());
      this.loop.start(0);
    }
  }

  private async poll(triggered: boolean): Promise<PollOutcome> {
    try {
      if (this.sharing) {
        const role = await this.sharing.claim();
        if (role !== 'holder') return this.pauseForSharing(role);
        // The statuses the previous holder saw are the baseline, so a change during the handover is not missed.
        if (this.sharing.takenOver()) this.tracker.restore(await this.sharing.store<ReturnType<StreamStatusTracker['snapshot']>>('streams').load());
      }
      const client = this.use.client();
      this.domain = client.domain;
      const response = await client.request({
        method: 'GET',
        path: '/api/v2/log-streams',
        auth: 'management',
        signal: this.use.signal,
        operation: `${OPERATION} (list)`,
      });
      if (this.closing) return { delayMs: this.intervalMs };
      const changes = this.tracker.update(streamsOf(response.data, `${OPERATION} (list)`, response.statusCode));
      if (this.sharing && !this.sharing.holding) throw new LeaseLost(OPERATION);
      for (const change of changes) this.node.send(this.changeMessage(change));
      // Recorded after sending, as the log watch's checkpoint: a holder that dies in between has its changes sent again by the next, never lost.
      if (this.sharing) await this.sharing.store('streams').save(this.tracker.snapshot());
      this.failures = 0;
      this.use.status(summary(this.tracker.counts(), this.use.text));
      return { delayMs: this.intervalMs };
    } catch (err) {
      if (this.closing || isClientClosed(err)) return { delayMs: 1000 };
      if (this.sharing && isSharingPause(err)) return this.pauseForSharing(pauseRole(err));
      this.failures += 1;
      // A configuration error does not heal by waiting: report it once; an input message retries.
      const delayMs = err instanceof ConfigError ? MAX_DELAY_MS : retryDelayMs(err, this.failures, this.intervalMs);
      this.use.status(
        err instanceof ConfigError ? this.statuses.configuration() : this.statuses.retrying(failureText(err, this.use.text), shortDuration(delayMs)),
      );
      if (!triggered) {
        const details = err as Error & { statusCode?: number; errorCode?: string; operation?: string };
        this.node.error(err, {
          topic: 'auth0-log-stream-watch',
          payload: { failures: this.failures, retryInSeconds: delayMs >= MAX_DELAY_MS ? null : Math.round(delayMs / 1000) },
          auth0: { tenant: this.domain, operation: details.operation ?? OPERATION, statusCode: details.statusCode, errorCode: details.errorCode },
        });
      }
      return { delayMs, error: toError(err) };
    }
  }

  private pauseForSharing(role: 'standby' | 'unavailable'): PollOutcome {
    if (!this.closing) this.use.status(sharedStatus(role, this.use.text));
    return { delayMs: required(this.sharing, 'the watcher sharing').retryMs };
  }

  private changeMessage(change: StreamChange): NodeMessage {
    return {
      topic: change.status,
      payload: { ...withoutSecrets(change.stream), previousStatus: change.previousStatus, status: change.status },
      auth0: { tenant: this.domain },
    };
  }
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-log-stream-watch', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    new LogStreamWatchNode(this, migrateNodeConfig(config), RED);
  });
};
