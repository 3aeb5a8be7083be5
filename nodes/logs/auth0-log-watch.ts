/**
 * auth0-log-watch: follows the tenant's log by checkpoint and sends each new event (or each
 * batch) that passes the type filter. Its place in the log is kept in a context store, so a
 * redeploy or a restart resumes right after the last event it read.
 *
 * Delivery guarantee (documented in the help):
 * - the checkpoint is written right after each message is sent (event mode: after each event;
 *   batch mode: after each batch), and the node's close waits for that write, so across a
 *   redeploy or an orderly stop and start nothing is lost and nothing is sent twice;
 * - if the process dies between a send and the store persisting that write (with the file store,
 *   up to its flush interval), the events after the persisted checkpoint are sent again on start:
 *   never lost, at worst repeated; msg.payload.log_id lets a flow drop such repeats.
 */
import { TenantUse } from '../config/tenant-use';
import { ConfigError, toError, required } from '../shared/errors';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI } from '../shared/node-red-types';
import { logTypeTable } from './log-watch/log-categories';
import { CheckpointStore } from './log-watch/log-checkpoint';
import { type LogEvent, type LogPage, LogReader, compareLogIds, isAfter, logIdOf } from './log-watch/log-reader';
import { type LogWatchConfig, type LogWatchSettings, readLogWatchSettings } from './log-watch/log-watch-settings';
import { MAX_DELAY_MS, type PollOutcome, PollLoop } from '../watch/poll-loop';
import { failureText, isClientClosed, retryDelayMs, shortDuration } from '../watch/failure-wait';
import { watchStatuses } from '../watch/watch-status';
import { migrateNodeConfig } from '../shared/migrations';
import { LeaseLost } from '../shared-state/fenced-store';
import { type CheckpointKeeper, SharedCheckpointStore } from './log-watch/shared-checkpoint';
import { type WatcherSharing, isSharingPause, pauseRole, sharedStatus, watcherSharing } from '../watch/watcher-sharing';

/** Where the watcher is in the log. */
interface Position {
  cursor: string | null;
  lastLogId: string | null;
  lastDate: string | null;
}

/** The part of the runtime API the admin endpoint needs (present in every Node-RED since 0.x). */
interface AdminApi {
  httpAdmin?: { get(path: string, ...handlers: unknown[]): void };
  auth?: { needsPermission(permission: string): unknown };
}

interface JsonResponse {
  json(body: unknown): void;
}

const RETRY_AFTER_CLIENT_CLOSED_MS = 1_000;

function stateOf(position: Position): string {
  return JSON.stringify([position.cursor, position.lastLogId, position.lastDate]);
}

function maxId(events: LogEvent[]): string | undefined {
  let max: string | undefined;
  for (const event of events) {
    const id = logIdOf(event);
    if (id !== undefined && (max === undefined || compareLogIds(id, max) > 0)) max = id;
  }
  return max;
}

class LogWatchNode {
  private readonly use: TenantUse;
  private readonly statuses: ReturnType<typeof watchStatuses>;
  private settings: LogWatchSettings | undefined;
  private setupError: Error | undefined;
  private readonly loop: PollLoop;
  private checkpoint: CheckpointKeeper | undefined;
  /** Run once across the replicas sharing the tenant's Redis; undefined without one. */
  private sharing: WatcherSharing | undefined;
  private position: Position | undefined;
  private domain = '';
  private failures = 0;
  /** The position last written, to skip writes that would change nothing. */
  private savedState = '';
  private closing = false;
  private readInRun = 0;

  constructor(
    private readonly node: Node,
    config: LogWatchConfig,
    RED: NodeRedAPI,
  ) {
    this.use = new TenantUse(RED, node, config.tenant);
    this.statuses = watchStatuses(this.use.text);
    try {
      if (this.use.setupError) throw this.use.setupError;
      this.settings = readLogWatchSettings(config);
      this.checkpoint = new CheckpointStore(node, this.settings.store);
      this.sharing = this.use.tenant ? watcherSharing(this.use.tenant, node) : undefined;
      if (this.sharing) this.checkpoint = new SharedCheckpointStore(this.sharing.store('checkpoint'), this.checkpoint as CheckpointStore);
    } catch (err) {
      this.setupError = toError(err);
      if (!this.use.setupError) this.use.status(this.statuses.configuration());
      node.error(`auth0-log-watch: ${toError(err).message}`);
    }
    this.loop = new PollLoop((triggered) => this.poll(triggered), this.settings?.intervalMs);

    node.on('input', (_msg: NodeMessage, _send, done) => {
      if (this.setupError) {
        done(this.setupError);
        return;
      }
      void this.loop.pollNow().then((err) => (err ? done(err) : done()));
    });
    node.on('close', (removed: boolean, done: () => void) => {
      this.close(removed).then(
        () => this.use.close(done),
        () => this.use.close(done),
      );
    });

    if (!this.setupError) {
      this.use.status(this.statuses.starting());
      this.loop.start(0);
    }
  }

  private async close(removed: boolean): Promise<void> {
    this.closing = true;
    this.use.abort();
    // Waits for the poll in progress: its last checkpoint write completes before the node is gone.
    await this.loop.stop();
    await this.sharing?.release();
    // A deleted or disabled node's place in the log goes with it (Node-RED drops its context too).
    if (removed && this.checkpoint) await this.checkpoint.delete().catch(() => undefined);
  }

  private async poll(triggered: boolean): Promise<PollOutcome> {
    const settings = required(this.settings, 'the settings');
    this.readInRun = 0;
    try {
      if (this.sharing) {
        const role = await this.sharing.claim();
        if (role !== 'holder') return this.pauseForSharing(role);
        // Another process may have moved the checkpoint on while this one did not hold the lease.
        if (this.sharing.takenOver()) this.position = undefined;
      }
      const client = this.use.client();
      this.domain = client.domain;
      const reader = new LogReader(client, this.use.signal);
      if (!this.position) this.position = await this.initialPosition(reader, settings);
      for (;;) {
        if (this.closing) break;
        const page = await reader.after(this.position.cursor);
        // Consecutive failures count the backoff; a page read is progress.
        this.failures = 0;
        this.readInRun += page.events.length;
        await this.deliver(page, settings);
        // A full page means a backlog: read on at once; the tenant's limiter paces the requests.
        if (!page.full || this.closing) break;
        this.use.status(this.statuses.catchingUp(this.readInRun));
      }
      if (!this.closing) this.use.status(this.statuses.idle(this.position.lastDate));
      return { delayMs: settings.intervalMs };
    } catch (err) {
      if (this.closing || isClientClosed(err)) return { delayMs: RETRY_AFTER_CLIENT_CLOSED_MS };
      if (this.sharing && isSharingPause(err)) return this.pauseForSharing(pauseRole(err));
      this.failures += 1;
      // A configuration error does not heal by waiting: report it once; an input message retries.
      const delayMs = err instanceof ConfigError ? MAX_DELAY_MS : retryDelayMs(err, this.failures, settings.intervalMs);
      this.use.status(
        err instanceof ConfigError ? this.statuses.configuration() : this.statuses.retrying(failureText(err, this.use.text), shortDuration(delayMs)),
      );
      // A poll an input message asked for reports through that message's done(err) instead.
      if (!triggered) this.node.error(err, this.errorMessage(toError(err), delayMs));
      return { delayMs, error: toError(err) };
    }
  }

  /** Not this process's turn (standby) or Redis away: nothing is read or sent; the place is re-read from Redis on the next turn. */
  private pauseForSharing(role: 'standby' | 'unavailable'): PollOutcome {
    this.position = undefined;
    if (!this.closing) this.use.status(sharedStatus(role, this.use.text));
    return { delayMs: required(this.sharing, 'the watcher sharing').retryMs };
  }

  private errorMessage(err: Error, retryInMs: number): NodeMessage {
    const details = err as Error & { statusCode?: number; errorCode?: string; operation?: string };
    return {
      topic: 'auth0-log-watch',
      payload: {
        checkpoint: this.position?.cursor ?? null,
        failures: this.failures,
        retryInSeconds: retryInMs >= MAX_DELAY_MS ? null : Math.round(retryInMs / 1000),
      },
      auth0: { tenant: this.domain, operation: details.operation ?? 'log_watch', statusCode: details.statusCode, errorCode: details.errorCode },
    };
  }

  /** The stored checkpoint, or the start setting applied (and stored at once, so a restart cannot move it). */
  private async initialPosition(reader: LogReader, settings: LogWatchSettings): Promise<Position> {
    const stored = await required(this.checkpoint, 'the checkpoint').load();
    if (stored && stored.tenant === this.domain && stored.start === settings.startSignature) {
      const resumed = { cursor: stored.cursor, lastLogId: stored.lastLogId, lastDate: stored.lastDate };
      this.savedState = stateOf(resumed);
      return resumed;
    }
    if (stored) {
      this.node.log(`the stored checkpoint was made for ${stored.tenant} with start ${stored.start}; starting over (${settings.startSignature})`);
    }
    let position: Position;
    if (settings.start === 'id') {
      const startId = required(settings.startId, 'the start id');
      position = { cursor: startId, lastLogId: startId, lastDate: null };
    } else if (settings.start === 'oldest') {
      position = { cursor: null, lastLogId: null, lastDate: null };
    } else {
      // "now": the newest existing event becomes the checkpoint; nothing before it is sent.
      const newest = await reader.newestLogId();
      position = { cursor: newest, lastLogId: newest, lastDate: null };
    }
    await this.save(position, settings);
    return position;
  }

  private save(position: Position, settings: LogWatchSettings): Promise<void> {
    this.savedState = stateOf(position);
    return required(this.checkpoint, 'the checkpoint').save({ tenant: this.domain, start: settings.startSignature, ...position });
  }

  /**
   * Sends the page's matching events and moves the checkpoint past the whole page. Each send is
   * followed by its checkpoint write; nothing is sent once the node has begun to close.
   */
  private async deliver(page: LogPage, settings: LogWatchSettings): Promise<void> {
    const position = required(this.position, 'the position');
    const fresh = page.events.filter((event) => {
      const id = logIdOf(event);
      return id === undefined || isAfter(id, position.lastLogId);
    });
    if (settings.batch) {
      const matched = fresh.filter((event) => settings.matches(event.type));
      if (matched.length > 0) {
        if (this.closing) return;
        this.checkHolding();
        this.node.send(this.batchMessage(matched));
        position.lastDate = typeof matched[matched.length - 1].date === 'string' ? (matched[matched.length - 1].date as string) : position.lastDate;
      }
    } else {
      for (const event of fresh) {
        const id = logIdOf(event);
        if (id !== undefined) {
          position.lastLogId = id;
          position.cursor = id;
        }
        if (!settings.matches(event.type)) continue;
        if (this.closing) return;
        this.checkHolding();
        this.node.send(this.eventMessage(event));
        if (typeof event.date === 'string') position.lastDate = event.date;
        await this.save(position, settings);
      }
    }
    const last = maxId(fresh);
    if (last !== undefined && isAfter(last, position.lastLogId)) position.lastLogId = last;
    if (page.next !== null) position.cursor = page.next;
    if (stateOf(position) !== this.savedState) await this.save(position, settings);
  }

  /** A replica that may have lost the lease sends nothing more (its next write would be refused anyway). */
  private checkHolding(): void {
    if (this.sharing && !this.sharing.holding) throw new LeaseLost('auth0-log-watch');
  }

  private eventMessage(event: LogEvent): NodeMessage {
    return { payload: event, topic: typeof event.type === 'string' ? event.type : '', auth0: { tenant: this.domain } };
  }

  private batchMessage(events: LogEvent[]): NodeMessage {
    const types = [...new Set(events.map((event) => (typeof event.type === 'string' ? event.type : '')))];
    return { payload: events, topic: types.join(','), auth0: { tenant: this.domain, count: events.length } };
  }
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-log-watch', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    new LogWatchNode(this, migrateNodeConfig(config), RED);
  });

  // The editor reads the category and type-code table from here: one table for runtime and editor.
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.get('/auth0-log-watch/types', admin.auth.needsPermission('auth0-log-watch.read'), (_req: unknown, res: JsonResponse) => {
      res.json(logTypeTable());
    });
  }
};
