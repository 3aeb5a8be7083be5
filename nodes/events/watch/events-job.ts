/**
 * auth0-events' own part of the watcher (watch/watcher.ts runs it: schedule, lease, failure wait,
 * status, Catch message): each turn is one connection to the Events API, followed until Auth0
 * ends it. Its rooms: event-connection.ts (the request and what a message holds),
 * event-checkpoint.ts and shared-event-checkpoint.ts (where the offset is kept), event-pacing.ts
 * (an expired offset, the connection cap), event-status.ts.
 *
 * Three ways to send (the help says what each promises):
 * - per event (default): each event sent as it is read; the offset of every message read
 *   (offset-only markers included) written by batch (offset-batch.ts);
 * - batch (`output: batch`): the events of one read (what the socket had, at most `batchSize`)
 *   held and sent as one message, its offset written like a message's;
 * - acknowledged (`ack`): the events held per read too, the offset of the last one written
 *   before they are sent (so a restart knows which are redeliveries), each message (event or
 *   batch) outstanding until it comes back to the node's input (watch/ack-window.ts); the stored
 *   offset advances only past acknowledged messages, at most `maxUnacked` outstanding.
 */
import type { Readable } from 'node:stream';
import type { TenantUse } from '../../config/tenant-use';
import { Auth0Error } from '../../shared/errors';
import type { Node, NodeMessage, NodeStatus } from '../../shared/node-red-types';
import type { WatcherSharing } from '../../watch/watcher-sharing';
import { watchCatchMessage } from '../../watch/catch-message';
import type { TurnContext, WatchJob } from '../../watch/watcher';
import { ContextEventCheckpoint, type EventCheckpoint } from './event-checkpoint';
import { OPERATION, eventOf, openEventStream, parseData, streamError } from './event-connection';
import { gapError, isExpiredOffset, rateLimitStatus } from './event-pacing';
import { EventStatus } from './event-status';
import type { EventsSettings } from './events-settings';
import { OFFSET_BATCH_EVENTS, OFFSET_BATCH_MS, OffsetBatch } from './offset-batch';
import { SharedEventCheckpoint } from './shared-event-checkpoint';
import { type ReadOn, readSse } from './sse-messages';
import { MAX_DELAY_MS } from '../../watch/poll-loop';
import { AckWindow } from '../../watch/ack-window';
import { LatestWrite } from '../../watch/latest-write';
import { type StorePromise, announceStore } from '../../watch/store-promise';

/** The start of a message's data that goes to Catch with it when it is not an event. */
const CATCH_DATA_CHARS = 1000;

/** A message read and not sent yet (batch and acknowledged modes): an event, or an offset-only marker. */
interface Held {
  offset: string;
  event: Record<string, unknown> | undefined;
  type: string;
  redelivered: boolean;
  /** Read after a restart or a takeover, up to the last message sent before (a redelivery if its type was sent then). */
  inRange: boolean;
}

/** Two sorted type lists are the same. */
const sameTypes = (a: readonly string[], b: readonly string[]): boolean => a.join('\n') === b.join('\n');

/** The stored offset could not be read: the watcher cannot know where to go on. */
class CheckpointUnreadable extends Error {
  constructor(readonly cause: unknown) {
    super(`auth0-events: the checkpoint could not be read from the context store: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CheckpointUnreadable';
  }
}

export class EventsJob implements WatchJob {
  private readonly checkpoint: EventCheckpoint;
  private readonly batch: OffsetBatch;
  private readonly status: EventStatus;
  /** Acknowledged mode: the messages outstanding, each with the offset stored once it is acknowledged. */
  private readonly acks: AckWindow<string> | undefined;
  /** Acknowledged mode: the acknowledged offset (and the last one sent) written as it stands. */
  private readonly ackWrite: LatestWrite | undefined;
  /** Batch and acknowledged modes: what was read and is not sent yet. */
  private held: Held[] = [];
  private heldEvents = 0;
  /** Acknowledged mode: everything up to this offset is acknowledged (what is stored). */
  private ackedOffset: string | undefined;
  /** Acknowledged mode: the offset of the last message sent, stored before it is sent. */
  private sentUpTo: string | undefined;
  /** After a restart or a takeover in acknowledged mode: the messages up to this offset were sent before. */
  private redeliverUntil: string | undefined;
  /** The message at redeliverUntil was read on this connection (held, not sent yet). */
  private redeliveryRead = false;
  /** This node's event types, sorted ([]: every type). */
  private readonly types: string[];
  /** Acknowledged mode: the type lists the messages up to sentUpTo were sent under (stored with it). */
  private sentTypes: string[][];
  /** After a restart or a takeover, when the types changed: the type lists the messages up to redeliverUntil were sent under. */
  private redeliveredTypes: string[][] | undefined;
  /** The types sent from this connection, when it also asked for types sent before (to read where those end); else undefined. */
  private sendOnly: Set<string> | undefined;
  /** The current connection's abort: an input message ends it to reconnect at once. */
  private connection: AbortController | undefined;
  /** The stored offset must be read (again) before connecting: at start, and after each pause for sharing. */
  private mustLoad = true;
  private lastEventId: string | undefined;
  private lastSavedAt: string | undefined;
  private domain = '';
  readonly storeNote: string;

  constructor(
    private readonly node: Node,
    private readonly use: TenantUse,
    private readonly settings: EventsSettings,
    sharing: WatcherSharing | undefined,
    /** What the chosen context store keeps (undefined: the offset lives in Redis). */
    store: StorePromise | undefined,
  ) {
    const local = new ContextEventCheckpoint(node, settings.store);
    this.checkpoint = sharing ? new SharedEventCheckpoint(sharing.store('checkpoint'), local) : local;
    this.batch = new OffsetBatch(async (offset) => {
      await this.checkpoint.save({ tenant: this.domain, lastEventId: offset });
      this.lastSavedAt = new Date().toISOString();
    });
    if (settings.ack) {
      this.acks = new AckWindow(settings.maxUnacked);
      this.ackWrite = new LatestWrite(() => this.writeAcked(), OFFSET_BATCH_MS);
    }
    this.storeNote = announceStore(node, 'auth0-events', store, use.text);
    this.types = [...settings.types].sort();
    this.sentTypes = [this.types];
    this.status = new EventStatus(use.text, (status) => use.status(status));
  }

  forget(): void {
    this.mustLoad = true;
    this.batch.drop();
    this.acks?.clear();
    this.ackWrite?.cancel();
    this.dropHeld();
  }

  interrupt(): void {
    // Closing (or reconnecting): a message sent but not delivered yet is not counted as read.
    this.batch.settle();
    this.acks?.release();
    this.connection?.abort();
  }

  position(): Record<string, unknown> {
    return { lastEventId: this.lastEventId ?? null };
  }

  flush(): Promise<void> {
    return this.ackWrite ? this.ackWrite.flush() : this.batch.flush();
  }

  remove(): Promise<void> {
    return this.checkpoint.delete();
  }

  acknowledge(msg: NodeMessage): boolean {
    if (!this.acks?.take(msg, (msg.auth0 as { offset?: unknown } | undefined)?.offset !== undefined)) return false;
    this.advanceAcks();
    return true;
  }

  async turn(ctx: TurnContext): Promise<number> {
    const client = this.use.client();
    this.domain = client.domain;
    if (this.mustLoad) await this.loadPosition();
    // What was held and not sent is read again after this.lastEventId.
    this.dropHeld();
    const connection = new AbortController();
    this.connection = connection;
    const onLifetimeAbort = (): void => connection.abort();
    this.use.signal.addEventListener('abort', onLifetimeAbort, { once: true });
    let body: Readable | undefined;
    const end = async (): Promise<void> => {
      this.use.signal.removeEventListener('abort', onLifetimeAbort);
      if (this.connection === connection) this.connection = undefined;
      body?.destroy();
      // What was sent is recorded, however the connection ended.
      await this.flush();
    };
    try {
      ctx.checkHolding();
      body = await openEventStream(client, this.connectionTypes(), this.lastEventId, connection.signal);
      const read = await this.read(body, ctx, connection.signal);
      await end();
      if (ctx.closing) return 0;
      this.status.reconnecting();
      if (read > 0) {
        // Auth0 ended the stream (it does every few minutes): connect again at once.
        ctx.progress();
        return 0;
      }
      // Ended before saying anything: not a stream worth reconnecting to in a tight loop.
      return ctx.backoff();
    } catch (err) {
      // The first failure is the one that counts; the offset's write after it is tried all the same.
      await end().catch(() => undefined);
      // An input message asked for a new connection: at once.
      if (connection.signal.aborted && !ctx.closing) return 0;
      throw err;
    }
  }

  /** Reads every message of the stream; the number of messages with an offset. */
  private async read(body: Readable, ctx: TurnContext, signal: AbortSignal): Promise<number> {
    let read = 0;
    ctx.settle();
    this.status.connected();
    const holding = this.acks !== undefined || this.settings.batchSize > 0;
    const reading = readSse(body, {
      message: (id, eventName, text) => {
        if (ctx.closing) {
          reading.stop();
          return undefined;
        }
        if (eventName === 'error') throw streamError(text);
        const data = parseData(text);
        // The offset is the message's id; Auth0 also puts it in the data (where its SDKs read it).
        const offset = id || (typeof data?.offset === 'string' ? data.offset : '');
        if (offset === '') {
          // Nowhere to resume from: never dropped unseen.
          this.toCatch(`auth0-events: a message without an offset (no id) is not an event this node can keep its place by; skipped`, '', text);
          return undefined;
        }
        read += 1;
        ctx.progress();
        // A replica that may have lost the lease sends nothing more (its offset write would be refused anyway).
        ctx.checkHolding();
        // Data that is no event goes to Catch with its offset; the offset is passed like a marker's.
        const found = eventName === 'offset-only' ? undefined : this.eventOrCatch(eventOf(data), offset, text);
        const type = found && typeof found.type === 'string' ? found.type : (eventName ?? '');
        // A type asked for only to find where the messages sent before end: passed like a marker.
        const event = this.sendOnly && found && !this.sendOnly.has(type) ? undefined : found;
        if (holding) return this.hold(offset, event, type, ctx, signal);
        if (event) this.sendEvent(event, type, offset);
        this.lastEventId = offset;
        return this.batch.add(offset);
      },
      // Caught up (nothing more arrived): what is held is sent, and the offset written now, so an
      // idle or slow stream repeats nothing; a backlog keeps its batches.
      caughtUp: () => {
        const sending = this.held.length > 0 ? this.sendHeld(ctx, signal) : undefined;
        return sending ? sending.then(() => this.writeCaughtUp()) : this.writeCaughtUp();
      },
      chunk: () => this.status.tick(),
    });
    await reading.done;
    return read;
  }

  /**
   * This node's types; while messages sent under other types before a restart are still to come
   * again, those types too (the last of them must be read to know where redeliveries end), the
   * others passed like markers.
   */
  private connectionTypes(): string[] {
    this.sendOnly = undefined;
    const before = this.redeliverUntil !== undefined ? this.redeliveredTypes : undefined;
    if (!before || this.types.length === 0) return this.settings.types;
    this.sendOnly = new Set(this.types);
    if (before.some((list) => list.length === 0)) return [];
    return [...new Set([...this.types, ...before.flat()])];
  }

  private writeCaughtUp(): ReadOn {
    return !this.acks && this.batch.pending ? this.batch.flush() : undefined;
  }

  /** The event, or undefined after sending its error to Catch (with its offset). */
  private eventOrCatch(event: Record<string, unknown> | undefined, offset: string, text: string): Record<string, unknown> | undefined {
    if (event) return event;
    this.toCatch(`auth0-events: the message at offset ${offset} is not a JSON object (not an event); skipped`, offset, text);
    return undefined;
  }

  /** A message that is no event: its error to Catch, with its offset and the start of its data. */
  private toCatch(message: string, offset: string, text: string): void {
    const err = new Auth0Error(message, {
      statusCode: 0,
      errorCode: 'invalid_event',
      operation: OPERATION,
    });
    this.node.error(
      err,
      watchCatchMessage(err, {
        type: 'auth0-events',
        tenant: this.domain,
        operation: OPERATION,
        failures: 0,
        retryInMs: 0,
        position: { offset, data: text.slice(0, CATCH_DATA_CHARS) },
      }),
    );
  }

  private sendEvent(event: Record<string, unknown>, type: string, offset: string): void {
    this.node.send({ payload: event, topic: type, auth0: { tenant: this.domain, offset } });
    this.status.sent();
  }

  /** Batch and acknowledged modes: a message read is held; a full batch (or as many as may go at once) is sent now. */
  private hold(offset: string, event: Record<string, unknown> | undefined, type: string, ctx: TurnContext, signal: AbortSignal): ReadOn {
    const inRange = this.redeliverUntil !== undefined && !this.redeliveryRead;
    if (inRange && offset === this.redeliverUntil) this.redeliveryRead = true;
    // Sent before only if its type was sent then (a type chosen since comes for the first time).
    const redelivered = inRange && (this.redeliveredTypes === undefined || this.redeliveredTypes.some((list) => list.length === 0 || list.includes(type)));
    if (!event && this.heldEvents === 0 && !this.acks) {
      // Only markers since the last batch: stored as in the per-event mode.
      this.lastEventId = offset;
      return this.batch.add(offset);
    }
    this.held.push({ offset, event, type, redelivered, inRange });
    if (event) this.heldEvents += 1;
    const most = this.settings.batchSize > 0 ? this.settings.batchSize : Math.min(this.acks?.maxUnacked ?? OFFSET_BATCH_EVENTS, OFFSET_BATCH_EVENTS);
    return this.heldEvents >= most ? this.sendHeld(ctx, signal) : undefined;
  }

  private dropHeld(): void {
    this.held = [];
    this.heldEvents = 0;
    // Read again on the next connection: still redeliveries.
    this.redeliveryRead = false;
  }

  /** Sends what is held: one batch message, or (acknowledged) each message once there is room. */
  private sendHeld(ctx: TurnContext, signal: AbortSignal): ReadOn {
    const held = this.held;
    this.held = [];
    this.heldEvents = 0;
    if (this.acks) return this.sendAcknowledged(held, ctx, signal);
    const events = held.filter((h) => h.event);
    const last = held[held.length - 1];
    if (events.length > 0) {
      this.node.send(this.batchMessage(events, last.offset));
      this.status.sent(events.length);
    }
    this.lastEventId = last.offset;
    return this.batch.add(last.offset);
  }

  private batchMessage(events: Held[], offset: string): NodeMessage {
    return { payload: events.map((h) => h.event), topic: 'batch', auth0: { tenant: this.domain, offset, count: events.length } };
  }

  /**
   * Acknowledged mode: the offset of the last event held is stored first (the next holder then
   * knows what it sends again), then each message goes once fewer than maxUnacked are
   * outstanding, the offset after it stored once it and all before it are acknowledged. While
   * there is room the messages go in one synchronous run: a wait (a promise) only when the window
   * is full.
   */
  private async sendAcknowledged(held: Held[], ctx: TurnContext, signal: AbortSignal): Promise<void> {
    const acks = this.acks;
    if (!acks) return;
    // Redeliveries move nothing: the stored mark is already past them.
    let lastEvent: Held | undefined;
    for (const h of held) if (h.event) lastEvent = h;
    if (lastEvent && this.ackedOffset !== undefined) {
      const typesKept = this.sentTypes.some((list) => sameTypes(list, this.types));
      if (!lastEvent.inRange) {
        // Everything sent before acknowledged: what is stored now is sent under these types only.
        if (this.sentUpTo === undefined || this.sentUpTo === this.ackedOffset) this.sentTypes = [this.types];
        else if (!typesKept) this.sentTypes = [...this.sentTypes, this.types];
        this.sentUpTo = lastEvent.offset;
        await this.ackWrite?.now();
      } else if (!typesKept && held.some((h) => h.event && !h.redelivered)) {
        // An event of a type chosen since, among those sent before: recorded as sent under these types too.
        this.sentTypes = [...this.sentTypes, this.types];
        await this.ackWrite?.now();
      }
    }
    const size = this.settings.batchSize > 0 ? this.settings.batchSize : 1;
    // The events waiting for their message: held[first] on, `count` of them, the offset after them `groupEnd`.
    let first = 0;
    let count = 0;
    let groupEnd = '';
    for (let i = 0; i < held.length; i++) {
      const h = held[i];
      if (h.event) {
        if (count === 0) first = i;
        count += 1;
        groupEnd = h.offset;
        if (count < size) continue;
      } else if (count > 0) {
        // A marker after events waiting for their message goes with them.
        groupEnd = h.offset;
        continue;
      } else {
        acks.pass(h.offset);
        this.lastEventId = h.offset;
        continue;
      }
      const wait = acks.room();
      if (wait) await this.roomFor(acks, wait, ctx, signal);
      this.sendOutstanding(acks, held, first, i + 1, count, groupEnd, ctx, signal);
      count = 0;
    }
    if (count > 0) {
      const wait = acks.room();
      if (wait) await this.roomFor(acks, wait, ctx, signal);
      this.sendOutstanding(acks, held, first, held.length, count, groupEnd, ctx, signal);
    }
    if (this.redeliveryRead && held.some((h) => h.offset === this.redeliverUntil)) {
      // The last message sent before was passed (a marker now, when its type is no longer chosen).
      this.redeliverUntil = undefined;
      this.redeliveryRead = false;
    }
    this.advanceAcks();
  }

  /** Sends the events of held[from, to) (`count` of them) as one message outstanding until acknowledged, its offset `end`. */
  private sendOutstanding(
    acks: AckWindow<string>,
    held: Held[],
    from: number,
    to: number,
    count: number,
    end: string,
    ctx: TurnContext,
    signal: AbortSignal,
  ): void {
    if (ctx.closing || signal.aborted) throw new Error('connection ended by the node');
    ctx.checkHolding();
    const msgid = acks.nextId();
    let redelivered = false;
    let msg: NodeMessage;
    // One event a message unless batches of more than one were asked for.
    if (this.settings.batchSize <= 1) {
      const h = held[from];
      redelivered = h.redelivered;
      msg = { _msgid: msgid, payload: h.event, topic: h.type, auth0: { tenant: this.domain, offset: end } };
    } else {
      const events: Held[] = [];
      for (let i = from; i < to; i++) {
        const h = held[i];
        if (!h.event) continue;
        events.push(h);
        if (h.redelivered) redelivered = true;
      }
      msg = this.batchMessage(events, end);
      msg._msgid = msgid;
    }
    if (redelivered) (msg.auth0 as Record<string, unknown>).redelivered = true;
    acks.sent(msgid, end);
    this.node.send(msg);
    this.status.sent(count);
    this.lastEventId = end;
    if (redelivered && this.redeliverUntil !== undefined && this.containsOffset(held, from, to, this.redeliverUntil)) {
      // Every redelivery is sent: what comes after is new.
      this.redeliverUntil = undefined;
      this.redeliveryRead = false;
    }
  }

  private containsOffset(held: Held[], from: number, to: number, offset: string): boolean {
    for (let i = from; i < to; i++) if (held[i].event && held[i].offset === offset) return true;
    return false;
  }

  /** Waits while maxUnacked messages are outstanding (`wait`: the first wait), saying so. */
  private async roomFor(acks: AckWindow<string>, wait: Promise<void>, ctx: TurnContext, signal: AbortSignal): Promise<void> {
    this.status.waitStarted(acks.outstanding);
    try {
      for (let next: Promise<void> | undefined = wait; next && !ctx.closing && !signal.aborted; next = acks.room()) await next;
    } finally {
      this.status.waitEnded();
    }
  }

  /** Everything up to a later offset is acknowledged: stored within the batch time. */
  private advanceAcks(): void {
    const position = this.acks?.advance();
    if (position === undefined) return;
    this.ackedOffset = position;
    this.ackWrite?.soon();
  }

  private async writeAcked(): Promise<void> {
    if (this.ackedOffset === undefined) return;
    await this.checkpoint.save({
      tenant: this.domain,
      lastEventId: this.ackedOffset,
      ...(this.sentUpTo !== undefined ? { sentUpTo: this.sentUpTo, sentTypes: this.sentTypes } : {}),
    });
    this.lastSavedAt = new Date().toISOString();
  }

  /** Reads the stored offset; CheckpointUnreadable when the store failed (Redis away passes through). */
  private async loadPosition(): Promise<void> {
    let stored;
    try {
      stored = await this.checkpoint.load();
    } catch (err) {
      if (err instanceof Error && (err.name === 'SharedStateUnavailable' || err.name === 'LeaseLost')) throw err;
      throw new CheckpointUnreadable(err);
    }
    this.lastEventId = undefined;
    this.lastSavedAt = undefined;
    this.ackedOffset = undefined;
    this.sentUpTo = undefined;
    this.redeliverUntil = undefined;
    this.sentTypes = [this.types];
    this.redeliveredTypes = undefined;
    if (stored && stored.tenant === this.domain) {
      this.lastEventId = stored.lastEventId;
      this.lastSavedAt = stored.savedAt;
      if (this.acks) {
        this.ackedOffset = stored.lastEventId;
        this.sentUpTo = stored.sentUpTo;
        // Kept since the types could change (a record from before: taken as unchanged).
        if (stored.sentTypes) this.sentTypes = stored.sentTypes.map((list) => [...list].sort());
        if (this.sentTypes.length !== 1 || !sameTypes(this.sentTypes[0], this.types)) this.redeliveredTypes = this.sentTypes;
        // Sent before and not acknowledged: sent again, marked as such.
        if (stored.sentUpTo !== undefined && stored.sentUpTo !== stored.lastEventId) this.redeliverUntil = stored.sentUpTo;
      }
    } else {
      // Never "from now" silently: the events before this connection are not received.
      this.node.warn(
        stored
          ? `auth0-events: the stored event offset was made for ${stored.tenant}; starting from now`
          : `auth0-events: no stored offset in the context store "${this.settings.store ?? 'default'}"; starting from now (events before this connection are not received)`,
      );
    }
    this.mustLoad = false;
  }

  async handleFailure(err: Error): Promise<number | undefined> {
    if (err instanceof CheckpointUnreadable) {
      this.use.status({ fill: 'red', shape: 'ring', text: this.use.text('storeFailed') });
      this.node.error(err.message);
      // Not before an input message: the place in the stream is unknown.
      return MAX_DELAY_MS;
    }
    if (!isExpiredOffset(err)) return undefined;
    // The events after our offset are gone at Auth0: say which, then go on from now.
    const gap = gapError(this.lastEventId, this.lastSavedAt);
    this.node.error(
      gap,
      watchCatchMessage(gap, {
        type: 'auth0-events',
        tenant: this.domain,
        operation: OPERATION,
        failures: 0,
        retryInMs: 0,
        position: { lastEventId: this.lastEventId ?? null, gapFrom: this.lastEventId ?? null, gapFromTime: this.lastSavedAt ?? null },
      }),
    );
    this.lastEventId = undefined;
    this.lastSavedAt = undefined;
    this.batch.drop();
    this.acks?.clear();
    this.ackWrite?.cancel();
    this.ackedOffset = undefined;
    // What was sent before the gap is not in the stream any more: no redelivery to mark after it.
    this.sentUpTo = undefined;
    this.redeliverUntil = undefined;
    this.sentTypes = [this.types];
    this.redeliveredTypes = undefined;
    await this.checkpoint.clear().catch(() => undefined);
    this.use.status({ fill: 'yellow', shape: 'ring', text: this.use.text('offsetExpired') });
    return 0;
  }

  failureStatus(err: Error, retryInMs: number): NodeStatus | undefined {
    return rateLimitStatus(err, retryInMs, this.use.text);
  }
}
