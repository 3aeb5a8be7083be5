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
 * - acknowledged mode (`ack`): the checkpoint moves only past messages returned to the node's
 *   input (watch/ack-window.ts), at most `maxUnacked` outstanding; the newest log_id about to be
 *   sent is written first, so after a restart or a takeover the events sent and not acknowledged
 *   come again with msg.auth0.redelivered = true: nothing the flow did not finish is lost.
 */
import type { TenantUse } from '../config/tenant-use';
import type { Node, NodeDefinition, NodeMessage, NodeRedAPI } from '../shared/node-red-types';
import { logTypeTable } from './log-watch/log-categories';
import { logTypeOf } from './log-types';
import { CheckpointStore } from './log-watch/log-checkpoint';
import { type LogEvent, type LogPage, LogReader, compareLogIds, isAfter, logIdOf } from './log-watch/log-reader';
import { type LogWatchConfig, type LogWatchSettings, readLogWatchSettings } from './log-watch/log-watch-settings';
import { migrateNodeConfig } from '../shared/migrations';
import { type CheckpointKeeper, SharedCheckpointStore } from './log-watch/shared-checkpoint';
import type { WatcherSharing } from '../watch/watcher-sharing';
import { type TurnContext, type WatchJob, Watcher } from '../watch/watcher';
import { watchStatuses } from '../watch/watch-status';
import { AckWindow } from '../watch/ack-window';
import { LatestWrite } from '../watch/latest-write';
import { type StorePromise, announceStore, storePromise } from '../watch/store-promise';
import { type SentFilter, choseAny, sameFilter, sentFilter, sentFiltersOf } from './log-watch/sent-filters';

/** Acknowledged mode: acknowledgements are written within this time. */
const ACK_WRITE_MS = 1000;

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

/** The position moved onto an event read (its log_id, when it has one); the id. */
function moveOnto(position: Position, event: LogEvent): string | undefined {
  const id = logIdOf(event);
  if (id !== undefined) {
    position.lastLogId = id;
    position.cursor = id;
  }
  return id;
}

/** The position moved past a whole page (the largest log_id read, the next request's `from`). */
function movePast(position: Position, fresh: LogEvent[], page: LogPage): void {
  const last = maxId(fresh);
  if (last !== undefined && isAfter(last, position.lastLogId)) position.lastLogId = last;
  if (page.next !== null) position.cursor = page.next;
}

/** The log watch's own part: the log read by checkpoint, the matching events sent, the checkpoint kept. */
class LogWatchJob implements WatchJob {
  private readonly checkpoint: CheckpointKeeper;
  private place: Position | undefined;
  private domain = '';
  /** The position last written, to skip writes that would change nothing. */
  private savedState = '';
  private readInTurn = 0;
  readonly intervalMs: number;
  /** Acknowledged mode: the messages outstanding, each with the position stored once it is acknowledged. */
  private readonly acks: AckWindow<Position> | undefined;
  private readonly ackWrite: LatestWrite | undefined;
  /** Acknowledged mode: everything up to here is acknowledged (what is stored). */
  private acked: Position | undefined;
  /** Acknowledged mode: the newest log_id sent, stored before it is sent. */
  private sentUpTo: string | null = null;
  /** After a restart or a takeover in acknowledged mode: the events up to this log_id were sent before. */
  private redeliverUntil: string | null = null;
  /** Acknowledged mode: the type filters the events up to sentUpTo were sent under (stored with it). */
  private sentFilters: SentFilter[];
  /** After a restart or a takeover: whether a filter the events up to redeliverUntil were sent under chose a type. */
  private redeliveredChose: (type: unknown) => boolean;
  /** This node's filter. */
  private readonly filter: SentFilter;
  readonly storeNote: string;

  constructor(
    private readonly node: Node,
    private readonly use: TenantUse,
    private readonly statuses: ReturnType<typeof watchStatuses>,
    private readonly settings: LogWatchSettings,
    sharing: WatcherSharing | undefined,
    /** What the chosen context store keeps (undefined: the checkpoint lives in Redis). */
    store: StorePromise | undefined,
  ) {
    this.intervalMs = settings.intervalMs;
    const local = new CheckpointStore(node, settings.store);
    this.checkpoint = sharing ? new SharedCheckpointStore(sharing.store('checkpoint'), local) : local;
    if (settings.ack) {
      this.acks = new AckWindow(settings.maxUnacked);
      this.ackWrite = new LatestWrite(() => this.writeAcked(), ACK_WRITE_MS);
    }
    this.storeNote = announceStore(node, 'auth0-log-watch', store, use.text);
    this.filter = sentFilter(settings.types, settings.categories);
    this.sentFilters = [this.filter];
    this.redeliveredChose = settings.matches;
  }

  /** Another process may have moved the checkpoint on while this one did not hold the lease. */
  forget(): void {
    this.place = undefined;
    this.acks?.clear();
    this.ackWrite?.cancel();
  }

  interrupt(): void {
    this.acks?.release();
  }

  position(): Record<string, unknown> {
    return { checkpoint: this.place?.cursor ?? null };
  }

  async remove(): Promise<void> {
    await this.checkpoint.delete();
  }

  async flush(): Promise<void> {
    await this.ackWrite?.flush();
  }

  acknowledge(msg: NodeMessage): boolean {
    if (!this.acks?.take(msg, (msg.auth0 as { logType?: unknown } | undefined)?.logType !== undefined)) return false;
    this.advanceAcks();
    return true;
  }

  async turn(ctx: TurnContext): Promise<number> {
    const settings = this.settings;
    this.readInTurn = 0;
    const client = this.use.client();
    this.domain = client.domain;
    const reader = new LogReader(client, this.use.signal);
    if (!this.place) this.place = await this.initialPosition(reader, settings);
    for (;;) {
      if (ctx.closing) break;
      const page = await reader.after(this.place.cursor);
      // Consecutive failures count the backoff; a page read is progress.
      ctx.progress();
      this.readInTurn += page.events.length;
      await this.deliver(page, settings, ctx);
      // A full page means a backlog: read on at once; the tenant's limiter paces the requests.
      if (!page.full || ctx.closing) break;
      this.use.status(this.statuses.catchingUp(this.readInTurn));
    }
    if (!ctx.closing) this.use.status(this.statuses.idle(this.place.lastDate));
    return settings.intervalMs;
  }

  /** The stored checkpoint, or the start setting applied (and stored at once, so a restart cannot move it). */
  private async initialPosition(reader: LogReader, settings: LogWatchSettings): Promise<Position> {
    const stored = await this.checkpoint.load();
    this.sentUpTo = null;
    this.redeliverUntil = null;
    this.sentFilters = [this.filter];
    if (stored && stored.tenant === this.domain && stored.start === settings.startSignature) {
      const resumed = { cursor: stored.cursor, lastLogId: stored.lastLogId, lastDate: stored.lastDate };
      this.savedState = stateOf(resumed);
      if (this.acks) {
        this.acked = { ...resumed };
        this.sentUpTo = stored.sentUpTo ?? null;
        // Kept since the filter could change (a record from before: the filter is taken as unchanged).
        this.sentFilters = sentFiltersOf(stored.sentFilters) ?? [this.filter];
        const unchanged = this.sentFilters.length === 1 && sameFilter(this.sentFilters[0], this.filter);
        this.redeliveredChose = unchanged ? settings.matches : choseAny(this.sentFilters);
        // Sent before and not acknowledged: sent again, marked as such.
        if (this.sentUpTo !== null && isAfter(this.sentUpTo, stored.lastLogId)) this.redeliverUntil = this.sentUpTo;
      }
      return resumed;
    }
    if (stored) {
      this.node.log(`the stored checkpoint was made for ${stored.tenant} with start ${stored.start}; starting over (${settings.startSignature})`);
    }
    let position: Position;
    if (settings.start === 'id') {
      position = { cursor: settings.startId ?? null, lastLogId: settings.startId ?? null, lastDate: null };
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
    if (this.ackWrite) {
      // Acknowledged mode: only a position everything before is acknowledged at (see deliver).
      this.acked = { ...position };
      return this.ackWrite.now();
    }
    return this.checkpoint.save({ tenant: this.domain, start: settings.startSignature, ...position });
  }

  private async writeAcked(): Promise<void> {
    if (!this.acked) return;
    await this.checkpoint.save({
      tenant: this.domain,
      start: this.settings.startSignature,
      ...this.acked,
      sentUpTo: this.sentUpTo,
      sentFilters: this.sentFilters,
    });
  }

  /** Everything up to a later position is acknowledged: stored within ACK_WRITE_MS. */
  private advanceAcks(): void {
    const position = this.acks?.advance();
    if (position === undefined) return;
    this.acked = position;
    this.ackWrite?.soon();
  }

  /**
   * Redelivery mark of an event read after a restart: true while it is not after the newest one
   * sent before, if a filter it was sent under chose it (a type chosen since was never sent).
   */
  private redelivered(event: LogEvent): boolean {
    const id = logIdOf(event);
    if (this.redeliverUntil === null || id === undefined) return false;
    if (!isAfter(id, this.redeliverUntil)) return this.redeliveredChose(event.type);
    this.redeliverUntil = null;
    return false;
  }

  /**
   * Acknowledged mode: waits while maxUnacked messages are outstanding, saying so; false when the
   * node closes meanwhile. LeaseLost when the lease is lost meanwhile (the watcher interrupts the
   * wait): this replica sends nothing more and goes back to standby.
   */
  private async room(ctx: TurnContext): Promise<boolean> {
    const acks = this.acks;
    let waited = false;
    for (let wait = acks?.room(); wait && !ctx.closing; wait = acks?.room()) {
      if (!waited) this.use.status(this.statuses.waitingForAcks(acks?.outstanding ?? 0));
      waited = true;
      await wait;
      if (!ctx.closing) ctx.checkHolding();
    }
    if (waited && !ctx.closing) this.use.status(this.statuses.catchingUp(this.readInTurn));
    return !ctx.closing;
  }

  /** Sends a message in acknowledged mode (its id set first), outstanding until it comes back. */
  private sendAcknowledged(msg: NodeMessage, position: Position, redelivered: boolean): void {
    const acks = this.acks;
    if (!acks) return;
    const msgid = acks.nextId();
    msg._msgid = msgid;
    if (redelivered) (msg.auth0 as Record<string, unknown>).redelivered = true;
    acks.sent(msgid, { ...position });
    this.node.send(msg);
  }

  /** Acknowledged mode: the page's events sent once there is room, the checkpoint moved only past acknowledged ones. */
  private async deliverAcknowledged(fresh: LogEvent[], page: LogPage, position: Position, settings: LogWatchSettings, ctx: TurnContext): Promise<void> {
    const acks = this.acks;
    if (!acks) return;
    const matched = fresh.filter((event) => settings.matches(event.type));
    // The newest log_id about to be sent is stored first, with the filters the events up to it
    // were sent under: a restart then knows its redeliveries.
    const newest = maxId(matched);
    const filterKept = this.sentFilters.some((f) => sameFilter(f, this.filter));
    if (newest !== undefined && (isAfter(newest, this.sentUpTo) || !filterKept)) {
      // Everything sent before acknowledged: what is stored now was sent under this filter only.
      const allAcknowledged = this.sentUpTo === null || !isAfter(this.sentUpTo, this.acked?.lastLogId ?? null);
      if (allAcknowledged) this.sentFilters = [this.filter];
      else if (!filterKept) this.sentFilters = [...this.sentFilters, this.filter];
      if (isAfter(newest, this.sentUpTo)) this.sentUpTo = newest;
      await this.ackWrite?.now();
    }
    if (settings.batch) {
      movePast(position, fresh, page);
      if (matched.length > 0) {
        if (!(await this.room(ctx))) return;
        ctx.checkHolding();
        const redelivered = matched.map((event) => this.redelivered(event)).some(Boolean);
        const last = matched[matched.length - 1];
        if (typeof last.date === 'string') position.lastDate = last.date;
        this.sendAcknowledged(this.batchMessage(matched), position, redelivered);
      } else acks.pass({ ...position });
    } else {
      for (const event of fresh) {
        moveOnto(position, event);
        if (!settings.matches(event.type)) {
          acks.pass({ ...position });
          continue;
        }
        if (!(await this.room(ctx))) return;
        ctx.checkHolding();
        if (typeof event.date === 'string') position.lastDate = event.date;
        this.sendAcknowledged(this.eventMessage(event), position, this.redelivered(event));
      }
      movePast(position, fresh, page);
      acks.pass({ ...position });
    }
    this.advanceAcks();
  }

  /**
   * Sends the page's matching events and moves the checkpoint past the whole page. Each send is
   * followed by its checkpoint write; nothing is sent once the node has begun to close.
   */
  private async deliver(page: LogPage, settings: LogWatchSettings, ctx: TurnContext): Promise<void> {
    const position = this.place;
    if (!position) return;
    const fresh = page.events.filter((event) => {
      const id = logIdOf(event);
      return id === undefined || isAfter(id, position.lastLogId);
    });
    if (this.acks) {
      await this.deliverAcknowledged(fresh, page, position, settings, ctx);
      return;
    }
    if (settings.batch) {
      const matched = fresh.filter((event) => settings.matches(event.type));
      if (matched.length > 0) {
        if (ctx.closing) return;
        ctx.checkHolding();
        this.node.send(this.batchMessage(matched));
        position.lastDate = typeof matched[matched.length - 1].date === 'string' ? (matched[matched.length - 1].date as string) : position.lastDate;
      }
    } else {
      for (const event of fresh) {
        moveOnto(position, event);
        if (!settings.matches(event.type)) continue;
        if (ctx.closing) return;
        ctx.checkHolding();
        this.node.send(this.eventMessage(event));
        if (typeof event.date === 'string') position.lastDate = event.date;
        await this.save(position, settings);
      }
    }
    movePast(position, fresh, page);
    if (stateOf(position) !== this.savedState) await this.save(position, settings);
  }

  private eventMessage(event: LogEvent): NodeMessage {
    return { payload: event, topic: typeof event.type === 'string' ? event.type : '', auth0: { tenant: this.domain, logType: logTypeOf(event.type) } };
  }

  private batchMessage(events: LogEvent[]): NodeMessage {
    const types = [...new Set(events.map((event) => (typeof event.type === 'string' ? event.type : '')))];
    // A batch's logType is an array, one per event in the order of msg.payload.
    return {
      payload: events,
      topic: types.join(','),
      auth0: { tenant: this.domain, count: events.length, logType: events.map((event) => logTypeOf(event.type)) },
    };
  }
}

function createLogWatch(node: Node, config: LogWatchConfig, RED: NodeRedAPI): void {
  new Watcher(node, RED, {
    type: 'auth0-log-watch',
    operation: 'log_watch',
    tenant: config.tenant,
    job: (use, sharing) => {
      const settings = readLogWatchSettings(config);
      // With the tenant's Redis the checkpoint lives there: the context store's promise does not apply.
      return new LogWatchJob(node, use, watchStatuses(use.text), settings, sharing, sharing ? undefined : storePromise(RED.settings, settings.store));
    },
  });
}

export = function (RED: NodeRedAPI): void {
  RED.nodes.registerType('auth0-log-watch', function (this: Node, config: NodeDefinition) {
    RED.nodes.createNode(this, config);
    createLogWatch(this, migrateNodeConfig(config), RED);
  });

  // The editor reads the category and type-code table from here: one table for runtime and editor.
  const admin = RED as NodeRedAPI & AdminApi;
  if (admin.httpAdmin && admin.auth) {
    admin.httpAdmin.get('/auth0-log-watch/types', admin.auth.needsPermission('auth0-log-watch.read'), (_req: unknown, res: JsonResponse) => {
      res.json(logTypeTable());
    });
  }
};
