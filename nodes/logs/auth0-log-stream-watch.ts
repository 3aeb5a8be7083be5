/**
 * auth0-log-stream-watch: polls the tenant's log streams and sends a message when one changes
 * status (active → suspended when Auth0 gives up delivering, paused, active again, deleted), so a
 * flow can alert when log delivery breaks. The first poll after a start is the baseline.
 */
import type { TenantUse } from '../config/tenant-use';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI, NodeStatus } from '../shared/node-red-types';
import { type StreamChange, StreamStatusTracker, streamsOf, withoutSecrets } from './log-stream-watch/log-stream-changes';
import { intervalSeconds } from './log-watch/log-watch-settings';
import { type StatusText } from '../shared/status-text';
import { migrateNodeConfig } from '../shared/migrations';
import type { WatcherSharing } from '../watch/watcher-sharing';
import { type TurnContext, type WatchJob, Watcher } from '../watch/watcher';

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

type Snapshot = ReturnType<StreamStatusTracker['snapshot']>;

/** The log-stream watch's own part: the streams listed, their changes sent, the statuses seen kept. */
class LogStreamWatchJob implements WatchJob {
  private readonly tracker = new StreamStatusTracker();
  private domain = '';
  /** The statuses the previous holder saw must be read before the next poll. */
  private mustRestore = false;

  constructor(
    private readonly node: Node,
    private readonly use: TenantUse,
    readonly intervalMs: number,
    private readonly sharing: WatcherSharing | undefined,
  ) {}

  forget(): void {
    this.mustRestore = true;
  }

  async turn(ctx: TurnContext): Promise<number> {
    // The statuses the previous holder saw are the baseline, so a change during the handover is not missed.
    if (this.sharing && this.mustRestore) {
      this.tracker.restore(await this.sharing.store<Snapshot>('streams').load());
      this.mustRestore = false;
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
    if (ctx.closing) return this.intervalMs;
    const changes = this.tracker.update(streamsOf(response.data, `${OPERATION} (list)`, response.statusCode));
    ctx.checkHolding();
    for (const change of changes) this.node.send(this.changeMessage(change));
    // Recorded after sending, as the log watch's checkpoint: a holder that dies in between has its changes sent again by the next, never lost.
    if (this.sharing) await this.sharing.store('streams').save(this.tracker.snapshot());
    ctx.progress();
    this.use.status(summary(this.tracker.counts(), this.use.text));
    return this.intervalMs;
  }

  private changeMessage(change: StreamChange): NodeMessage {
    return {
      topic: change.status,
      payload: { ...withoutSecrets(change.stream), previousStatus: change.previousStatus, status: change.status },
      auth0: { tenant: this.domain },
    };
  }
}

function createLogStreamWatch(node: Node, config: LogStreamWatchConfig, RED: NodeRedAPI): void {
  new Watcher(node, RED, {
    type: 'auth0-log-stream-watch',
    operation: OPERATION,
    tenant: config.tenant,
    job: (use, sharing) => new LogStreamWatchJob(node, use, Math.round(intervalSeconds(config.interval, DEFAULT_STREAM_INTERVAL_SECONDS) * 1000), sharing),
  });
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-log-stream-watch', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    createLogStreamWatch(this, migrateNodeConfig(config), RED);
  });
};
